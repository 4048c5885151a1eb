"""An io_callback's `ordered` flag read from an environment variable the script itself sets
first (to "0"): its default ("1") is not what the run reads, and the vmap meets an unordered
callback."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

os.environ.setdefault("JAX_LSP_DEMO_ORDER_SET_HERE", "0")
STRICT = os.environ.get("JAX_LSP_DEMO_ORDER_SET_HERE", "1") == "1"
SEEN = []


def _record(v):
    SEEN.append(float(np.asarray(v)))
    return np.asarray(v, dtype=np.float32)


def traced(x):
    return io_callback(_record, jax.ShapeDtypeStruct((), jnp.float32), x, ordered=STRICT)


print(jax.vmap(traced)(jnp.arange(3.0)))
