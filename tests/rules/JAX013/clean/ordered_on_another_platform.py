"""A recorder ordered only on a platform the program does not run on (`platform.system()`
is this machine's): the vmap meets an unordered callback."""
import platform

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

ORDERED = platform.system() == "JAX-LSP-Demo-OS"


def _host(v):
    return np.asarray(v, dtype=np.float32)


def record(x):
    return io_callback(_host, jax.ShapeDtypeStruct(x.shape, jnp.float32), x, ordered=ORDERED)


print(jax.vmap(record)(jnp.arange(3.0)))
