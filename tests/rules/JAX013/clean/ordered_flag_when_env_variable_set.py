"""An io_callback ordered only when an environment variable is set (`"K" in os.environ`):
unset where the program runs, the vmap meets an unordered callback."""
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
    strict = "JAX_LSP_DEMO_STRICT_WHEN_SET" in os.environ
    return io_callback(_record, jax.ShapeDtypeStruct((), jnp.float32), x, ordered=strict)


print(jax.vmap(traced)(jnp.arange(3.0)))
