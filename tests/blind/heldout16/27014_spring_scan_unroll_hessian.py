"""Spring-mass system: energy drift of a symplectic scan integrator and its Hessian."""
import jax
import jax.numpy as jnp
from jax import lax

masses = jnp.array([1.0, 2.0, 1.5])
K = jnp.array([[0.0, 4.0, 0.0], [4.0, 0.0, 2.5], [0.0, 2.5, 0.0]])


def potential(q):
    diff = q[:, None] - q[None, :]
    return 0.25 * jnp.sum(K * diff ** 2)


@jax.custom_vjp
def safe_norm(v):
    return jnp.sqrt(jnp.sum(v * v))


safe_norm.defvjp(lambda v: (jnp.sqrt(jnp.sum(v * v)), v),
                 lambda v, g: (g * v / jnp.maximum(jnp.sqrt(jnp.sum(v * v)), 1e-9),))


def rollout(q0, dt=0.01, steps=50):
    p0 = jnp.zeros_like(q0)
    force = jax.grad(lambda q: -potential(q))

    def step(carry, _):
        q, p = carry
        p = p + dt * force(q)
        q = q + dt * p / masses
        return (q, p), 0.5 * jnp.sum(p ** 2 / masses) + potential(q)

    _, energies = lax.scan(step, (q0, p0), None, length=steps, unroll=5)
    return energies


def drift(q0):
    e = rollout(q0)
    return safe_norm(e - e[0])


q0 = jnp.array([0.1, -0.2, 0.05])
print(jax.grad(drift)(q0))
print(jax.hessian(drift)(q0))  # a Newton step on the drift
