"""Batched Newton iterations for x**3 = a with residual logging."""
import functools

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import io_callback

residual_trace = []


def log_residual(it, r):
    residual_trace.append((int(it), float(r)))


batched = functools.partial(jax.vmap, in_axes=(0, None))


@jax.jit
@batched
def cube_root(a, n_iter):
    def body(i, x):
        r = x ** 3 - a
        io_callback(log_residual, None, i, jnp.abs(r), ordered=True)
        return x - r / (3.0 * x ** 2)

    return lax.fori_loop(0, 8, body, jnp.maximum(a, 1.0) + n_iter * 0.0)


print(cube_root(jnp.array([2.0, 8.0, 27.0]), 8.0))
