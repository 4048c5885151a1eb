import numpy as np
import jax
from jax.experimental import io_callback

HISTORY = []


def _record(value):
    HISTORY.append(float(value))
    return np.float32(value)


def record_scalar(x):
    """Send a scalar to the host log and pass it through."""
    return io_callback(_record, jax.ShapeDtypeStruct((), x.dtype), x)
