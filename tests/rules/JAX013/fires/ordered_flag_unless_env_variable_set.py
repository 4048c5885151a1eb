"""An io_callback ordered unless an environment variable opts out (`os.getenv(K) is None`):
unset where the program runs, the vmap meets an ordered callback."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

SEEN = []


def _record(v):
    SEEN.append(float(np.asarray(v)))
    return np.asarray(v, dtype=np.float32)


def traced(x):
    strict = os.getenv("JAX_LSP_DEMO_RELAXED_ORDER") is None
    return io_callback(_record, jax.ShapeDtypeStruct((), jnp.float32), x,  # EXPECT: JAX013
                       ordered=strict)


print(jax.vmap(traced)(jnp.arange(3.0)))
