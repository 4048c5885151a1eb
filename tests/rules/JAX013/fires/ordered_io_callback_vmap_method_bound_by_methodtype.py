"""A recorder bound to its tracker late, with `types.MethodType`: the bound method is what the
step vmaps, and it runs an ordered io_callback."""
import types

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


class Tracker:
    def __init__(self, scale):
        self.scale = scale


def _log(v):
    return np.asarray(v, dtype=np.float32)


def _record_logged(self, x):
    return io_callback(_log, jax.ShapeDtypeStruct(x.shape, x.dtype), x * self.scale, ordered=True)  # EXPECT: JAX013


def _record_plain(self, x):
    return x * self.scale


RECORDERS = {"logged": _record_logged, "plain": _record_plain}

tracker = Tracker(3.0)
tracker.record = types.MethodType(RECORDERS["logged"], tracker)
print(jax.vmap(tracker.record)(jnp.ones((2, 3))))
