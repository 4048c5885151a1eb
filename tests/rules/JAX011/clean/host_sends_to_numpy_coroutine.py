"""A host function feeds a primed coroutine with send(); the coroutine computes with NumPy."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


def running_max():
    best = -np.inf
    while True:
        chunk = yield best
        best = max(best, float(np.max(chunk)))


_TRACKER = running_max()
next(_TRACKER)


def record(x):
    return np.float32(_TRACKER.send(np.asarray(x)))


@jax.jit
def normalised(x):
    peak = io_callback(record, jax.ShapeDtypeStruct((), jnp.float32), x)
    return x / peak


print(normalised(jnp.arange(1.0, 4.0)))
