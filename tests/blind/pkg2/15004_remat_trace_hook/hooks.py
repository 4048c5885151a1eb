import numpy as np
import jax
from jax.experimental import io_callback

_counter = {"calls": 0}


def _bump(tag):
    _counter["calls"] += 1
    return np.int32(_counter["calls"])


def mark(tag):
    return io_callback(_bump, jax.ShapeDtypeStruct((), np.int32), tag)
