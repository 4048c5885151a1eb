"""The logger's `detail` is 1 from its constructor's default, but the module sets
`log.detail = 2` afterwards: the `jnp.average` branch runs on the host."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


class Logger:
    def __init__(self, weights, detail=1):
        self.weights = np.asarray(weights)
        self.detail = detail

    def _mean(self, v):
        if self.detail >= 2:
            return float(jnp.average(v, weights=self.weights))  # EXPECT: JAX011
        return float(np.dot(v, self.weights))

    def __call__(self, v):
        print(self._mean(np.asarray(v)))
        return np.int32(0)


log = Logger(np.full(3, 1 / 3))
log.detail = 2


@jax.jit
def step(x):
    io_callback(log, jax.ShapeDtypeStruct((), jnp.int32), x)
    return x * 2


step(jnp.arange(3.0))
