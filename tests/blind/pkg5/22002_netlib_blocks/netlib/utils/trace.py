import jax
import numpy as np
from jax.experimental import io_callback

SEEN = []


def _push(v):
    SEEN.append(float(np.asarray(v)))
    return np.zeros((), np.float32)


def record(value):
    return io_callback(_push, jax.ShapeDtypeStruct((), np.float32), value)
