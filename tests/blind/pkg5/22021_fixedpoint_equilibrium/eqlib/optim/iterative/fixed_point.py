import jax.numpy as jnp
from jax import lax


def iterate(fn, x0, tol=1e-6, max_iter=200):
    def cond(state):
        i, x, err = state
        return (err > tol) & (i < max_iter)

    def body(state):
        i, x, _ = state
        nx = fn(x)
        return i + 1, nx, jnp.max(jnp.abs(nx - x))

    _, x, _ = lax.while_loop(cond, body, (0, x0, jnp.inf))
    return x


def solve_equilibrium(model, theta):
    return iterate(lambda p: model.update(p, theta), jnp.ones_like(model.elasticity))
