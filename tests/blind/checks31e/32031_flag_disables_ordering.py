"""Effect ordering chosen from configuration; in this run strict ordering is off."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

CONFIG = {"strict_order": os.environ.get("STRICT_EFFECT_ORDER", "0") == "1"}

_rows = []


def _append(row):
    _rows.append(np.asarray(row).tolist())
    return np.asarray(row, dtype=np.float32)


def audit(row):
    return io_callback(_append, jax.ShapeDtypeStruct(row.shape, row.dtype), row,
                       ordered=CONFIG["strict_order"])


def value(weights, prices):
    return audit(jnp.stack([jnp.dot(weights, prices), jnp.sum(weights)]))


w = jnp.array([[0.2, 0.8], [0.5, 0.5]])
print(jax.vmap(value, in_axes=(0, None))(w, jnp.array([101.0, 99.5])))
