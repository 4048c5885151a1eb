import numpy as np
import jax
from jax.experimental import io_callback

TRACE_LOG = []


def _append(t, y):
    TRACE_LOG.append((float(t), np.array(y)))
    return np.int32(len(TRACE_LOG))


def checkpoint_state(t, y):
    """Write the current state to the host-side log (values only)."""
    frozen = jax.lax.stop_gradient(y)
    io_callback(_append, jax.ShapeDtypeStruct((), np.int32), t, frozen, ordered=True)
    return y
