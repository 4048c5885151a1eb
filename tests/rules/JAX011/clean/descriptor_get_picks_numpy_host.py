"""A descriptor's `__get__` picks the host function by the instance's mode: "numpy" runs NumPy only."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


def _scale_np(x):
    return (np.asarray(x) * 2.0).astype(np.float32)


def _scale_jnp(x):
    return np.asarray(jnp.multiply(np.asarray(x), 2.0), dtype=np.float32)


class HostByMode:
    def __init__(self, table):
        self.table = table

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return self.table[obj.mode]


class Scaler:
    host = HostByMode({"numpy": _scale_np, "jax": _scale_jnp})

    def __init__(self, mode):
        self.mode = mode

    def __call__(self, x):
        return io_callback(self.host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


scaler = Scaler("numpy")
print(jax.jit(scaler)(jnp.arange(3.0)))
