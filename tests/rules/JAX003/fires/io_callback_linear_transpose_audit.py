"""An audit log written with io_callback inside a linear map that linear_transpose transposes:
JAX raises at transpose time, with the transpose wording."""

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

_SEEN = []


def _record(v):
    _SEEN.append(float(v))
    return np.asarray(v, dtype=np.float32)


def scale(x):
    logged = io_callback(_record, jax.ShapeDtypeStruct((), jnp.float32), x)  # EXPECT: JAX003
    return 3.0 * logged


transposed = jax.linear_transpose(scale, 1.0)
print(transposed(1.0))
