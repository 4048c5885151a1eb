import functools
import jax
import jax.numpy as jnp
from jax import lax


def laplacian(u, dx):
    return (jnp.roll(u, 1) - 2 * u + jnp.roll(u, -1)) / dx ** 2


@functools.partial(jax.jit, static_argnames=("cfg",))
def evolve(kappa, u0, cfg):
    dx = 1.0 / cfg.nx

    def body(i, u):
        return u + cfg.dt * kappa * laplacian(u, dx)

    return lax.fori_loop(0, cfg.n_steps, body, u0)
