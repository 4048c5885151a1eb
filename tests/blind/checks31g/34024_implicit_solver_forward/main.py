import jax
import jax.numpy as jnp

from model import contraction, target_residual
from solvers import fixed_point


def residual_surface(a_grid, x0):
    """Evaluate the solver on a grid of parameters (forward only)."""
    return jax.vmap(lambda a: fixed_point(contraction, a, x0))(a_grid)


def smooth_penalty(a):
    return jnp.sum(jnp.maximum(jnp.abs(a) - 1.5, 0.0) ** 2)


if __name__ == "__main__":
    a_grid = jnp.linspace(0.1, 1.5, 5)[:, None] * jnp.ones(3)
    x0 = jnp.zeros(3)
    xs = jax.jit(residual_surface)(a_grid, x0)
    errs = jax.vmap(target_residual, in_axes=(0, None))(xs, jnp.full(3, 0.4))
    best = a_grid[jnp.argmin(errs)]
    # the penalty's gradient does not go through the solver
    print("best", best, "penalty grad", jax.grad(smooth_penalty)(best * 2.0))
