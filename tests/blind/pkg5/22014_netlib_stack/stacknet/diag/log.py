import jax
import numpy as np
from jax.experimental import io_callback

HISTORY = []


def _store(v):
    HISTORY.append(round(float(v), 4))
    return np.float32(0.0)


def emit_norm(v):
    return io_callback(_store, jax.ShapeDtypeStruct((), np.float32), v)
