"""`self.sink` is set to two classes in `__init__` (one runs jnp): which one is the host cannot be pinned down."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

class JaxSink:
    def record(self, x):
        return np.asarray(jnp.tanh(x))

class NumpySink:
    def record(self, x):
        return np.tanh(np.asarray(x))

class Model:
    def __init__(self, fast):
        self.sink = NumpySink()
        if fast:
            self.sink = JaxSink()
        self.sink = NumpySink()
    def __call__(self, x):
        return io_callback(self.sink.record, jax.ShapeDtypeStruct(x.shape, x.dtype), x)

m = Model(False)
print(jax.jit(m.__call__)(jnp.ones(3)))
