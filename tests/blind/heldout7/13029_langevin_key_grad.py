"""Overdamped Langevin sampler for a double-well; the author computes the sensitivity
of the mean end point w.r.t. temperature, passing the PRNG key along positionally."""
import jax
import jax.numpy as jnp
from jax import lax


def potential_grad(x):
    return 4 * x ** 3 - 4 * x


def langevin_mean(temperature, key, n_steps=50, dt=1e-2):
    noise = jax.random.normal(key, (n_steps, 16))

    def step(x, xi):
        x = x - dt * potential_grad(x) + jnp.sqrt(2 * temperature * dt) * xi
        return x, None

    xT, _ = lax.scan(step, jnp.full((16,), 0.5), noise)
    return jnp.mean(xT)


key = jax.random.key(42)
print(langevin_mean(0.3, key))
print(jax.grad(langevin_mean)(0.3, key))
sens = jax.jacrev(langevin_mean, argnums=(0, 1))(0.3, key)
print(sens)
