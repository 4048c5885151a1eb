import jax
import jax.numpy as jnp

from . import linop


def energy(u, f):
    return 0.5 * jnp.dot(u, linop.apply_k(u)) - jnp.dot(f, u)


def minimise_energy(f, iters=10, lr=0.2):
    grad_e = jax.grad(energy)
    u = jnp.zeros_like(f)
    for _ in range(iters):
        u = u - lr * grad_e(u, f)
    return u
