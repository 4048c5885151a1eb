import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

HISTORY: list[tuple[float, float, float]] = []


def _append(a, b, value):
    HISTORY.append((float(np.asarray(a)), float(np.asarray(b)), float(np.asarray(value))))
    return np.int32(len(HISTORY))


def log_point(a, b, value):
    return io_callback(_append, jax.ShapeDtypeStruct((), jnp.int32), a, b, value, ordered=True)
