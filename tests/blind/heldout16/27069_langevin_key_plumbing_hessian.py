"""Overdamped Langevin on a double well; keys plumbed with fold_in, curvature by hessian of the energy."""
import jax
import jax.numpy as jnp


def double_well(x, a=1.0, b=0.5):
    return a * (x ** 2 - 1.0) ** 2 + b * x


def noisy_energy(x, key, temperature):
    # energy plus a frozen random field drawn from the key
    field = jax.random.normal(key, x.shape) * jnp.sqrt(temperature)
    return jnp.sum(double_well(x) + 0.05 * field * x)


@jax.jit
def langevin_step(x, key, dt=1e-2, T=0.3):
    k_field, k_noise = jax.random.split(key)
    force = -jax.grad(noisy_energy)(x, k_field, T)
    return x + dt * force + jnp.sqrt(2 * T * dt) * jax.random.normal(k_noise, x.shape)


root = jax.random.key(0)
x = jnp.full((4,), -1.0)
for t in range(100):
    x = langevin_step(x, jax.random.fold_in(root, t))
H = jax.hessian(noisy_energy)(x, jax.random.fold_in(root, 999), 0.3)
print(x, jnp.diag(H))
