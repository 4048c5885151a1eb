import jax
import numpy as np
from jax.experimental import io_callback

COUNTS = []


def _note(n):
    COUNTS.append(int(n))
    return np.int32(n)


def report_sign_changes(v):
    flips = (v[1:] * v[:-1] < 0).sum().astype(np.int32)
    return io_callback(_note, jax.ShapeDtypeStruct((), np.int32), flips)
