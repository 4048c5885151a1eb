from functools import partial
from typing import Callable

import jax
import jax.numpy as jnp

TOL = 1e-6
MAX_ITER = 200


def _iterate(f: Callable, a, x0):
    def cond(carry):
        x_prev, x, i = carry
        return (jnp.max(jnp.abs(x - x_prev)) > TOL) & (i < MAX_ITER)

    def body(carry):
        _, x, i = carry
        return x, f(a, x), i + 1

    _, x_star, _ = jax.lax.while_loop(cond, body, (x0, f(a, x0), 0))
    return x_star


@partial(jax.custom_vjp, nondiff_argnums=(0,))
def fixed_point(f: Callable, a, x0):
    """Return x* with x* = f(a, x*), starting from x0."""
    return _iterate(f, a, x0)
