"""Timestamps from a host clock, requested with no operands inside a vmapped kernel."""
import time

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

T0 = time.perf_counter()


def _now():
    return np.float32(time.perf_counter() - T0)


def kernel(x):
    stamp = io_callback(_now, jax.ShapeDtypeStruct((), jnp.float32), ordered=True)
    return jnp.tanh(x) + 0.0 * stamp, stamp


vals, stamps = jax.vmap(kernel)(jnp.linspace(-1.0, 1.0, 5))
print(vals, stamps)
