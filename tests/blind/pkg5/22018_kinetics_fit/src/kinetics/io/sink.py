import jax
import numpy as np
from jax.experimental import io_callback

RECORDS = []


def _append(path):
    RECORDS.append(np.asarray(path).copy())
    return np.int32(len(RECORDS))


def log_path(path):
    return io_callback(_append, jax.ShapeDtypeStruct((), np.int32), path)
