import jax
import numpy as np
from jax.experimental import io_callback

_TRACE = []


def _write(y):
    _TRACE.append(float(y))
    return np.int32(len(_TRACE))


def checkpoint_state(y):
    return io_callback(_write, jax.ShapeDtypeStruct((), np.int32), y)
