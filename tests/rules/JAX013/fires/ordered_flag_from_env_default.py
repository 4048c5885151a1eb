"""An io_callback's `ordered` flag read from an environment variable whose default ("1")
turns it on where the program runs: the vmap meets an ordered callback."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

STRICT = os.environ.get("JAX_LSP_DEMO_STRICT_ORDER", "1").lower() in ("1", "true")
SEEN = []


def _record(v):
    SEEN.append(float(np.asarray(v)))
    return np.asarray(v, dtype=np.float32)


def traced(x):
    return io_callback(_record, jax.ShapeDtypeStruct((), jnp.float32), x,  # EXPECT: JAX013
                       ordered=STRICT)


print(jax.vmap(traced)(jnp.arange(3.0)))
