"""The host is an instance with a NumPy-only `__call__`."""
import jax
import jax.numpy as jnp
import numpy as np

class Kernel:
    def __init__(self, scale):
        self.scale = scale
    def __call__(self, x):
        return np.asarray(np.exp(-self.scale * np.asarray(x)))

kernel = Kernel(2.0)
print(jax.jit(lambda x: jax.pure_callback(kernel, jax.ShapeDtypeStruct(x.shape, x.dtype), x))(jnp.ones(3)))
