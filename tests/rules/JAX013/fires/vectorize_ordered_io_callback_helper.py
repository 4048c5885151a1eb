"""jnp.vectorize batches with vmap: an ordered io_callback two helpers down fails."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

record = functools.partial(io_callback, ordered=True)


def _host_sqrt(v):
    return np.sqrt(np.asarray(v, dtype=np.float32))


def host_sqrt(v):
    return record(_host_sqrt, jax.ShapeDtypeStruct((), jnp.float32), v)  # EXPECT: JAX013


def scaled(v):
    return 3.0 * host_sqrt(v)


print(jnp.vectorize(scaled)(jnp.arange(4.0)))
