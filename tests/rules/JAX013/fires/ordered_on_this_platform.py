"""A recorder ordered on every platform but Windows (`sys.platform`): where the program is
analysed and run (Linux, macOS) the vmap meets an ordered callback."""
import sys

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

ORDERED = not sys.platform.startswith("win")


def _host(v):
    return np.asarray(v, dtype=np.float32)


def record(x):
    return io_callback(_host, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,  # EXPECT: JAX013
                       ordered=ORDERED)


print(jax.vmap(record)(jnp.arange(3.0)))
