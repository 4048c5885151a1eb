import numpy as np
import jax
from jax.experimental import io_callback

TRACE_LOG = []


def _append(t, y):
    TRACE_LOG.append((float(t), np.array(y)))
    return np.asarray(y)


def checkpoint_state(t, y):
    """Write the current state to the host-side log and hand it back."""
    return io_callback(_append, jax.ShapeDtypeStruct(y.shape, y.dtype), t, y, ordered=True)
