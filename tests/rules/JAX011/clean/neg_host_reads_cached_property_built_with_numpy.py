"""The host method reads `self.lut`, a `functools.cached_property` whose getter builds the
table with NumPy; `jnp` only shapes the callback's result outside the host."""
import functools

import jax
import jax.numpy as jnp
import numpy as np


class Curve:
    def __init__(self, n=64):
        self.n = n

    @functools.cached_property
    def lut(self):
        return np.linspace(0.0, 1.0, self.n) ** 2.2

    def host(self, x):
        i = np.clip((np.asarray(x) * (self.n - 1)).astype(np.int64), 0, self.n - 1)
        return self.lut[i].astype(np.float32)

    def apply(self, x):
        return jax.pure_callback(self.host, jax.ShapeDtypeStruct(x.shape, jnp.float32), x)


print(jax.jit(Curve().apply)(jnp.array([0.0, 0.5, 1.0])))
