"""`jax.debug.callback` is given an instance whose `__call__` runs `jax.numpy.max`."""
import jax
import jax.numpy as jnp
import numpy as np

class Monitor:
    def __init__(self):
        self.seen = []
    def __call__(self, x):
        self.seen.append(float(jax.numpy.max(x)))  # EXPECT: JAX011

monitor = Monitor()

@jax.jit
def f(x):
    jax.debug.callback(monitor, x)
    return x * 2

print(f(jnp.ones(3)))
