"""The host is a method of an instance a module function makes (`logger = make_logger()`)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

class Logger:
    def __init__(self):
        self.rows = []
    def write(self, x):
        self.rows.append(float(jnp.mean(x)))  # EXPECT: JAX011
        return np.asarray(x)

def make_logger():
    return Logger()

logger = make_logger()

@jax.jit
def step(x):
    return io_callback(logger.write, jax.ShapeDtypeStruct(x.shape, x.dtype), x)

print(step(jnp.ones(3)))
