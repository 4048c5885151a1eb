import numpy as np
import jax
from jax.experimental import io_callback

LOG = []


def _store(v):
    LOG.append(np.array(v))
    return v


def tap(x):
    """Copy an array to the host log, returning it unchanged."""
    return io_callback(_store, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
