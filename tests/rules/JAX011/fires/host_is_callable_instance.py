"""The host is an instance with `__call__` (`kernel = Kernel(2.0)`): calling it runs jnp."""
import jax
import jax.numpy as jnp
import numpy as np

class Kernel:
    def __init__(self, scale):
        self.scale = scale
    def __call__(self, x):
        return np.asarray(jnp.exp(-self.scale * np.asarray(x)))  # EXPECT: JAX011

kernel = Kernel(2.0)
print(jax.jit(lambda x: jax.pure_callback(kernel, jax.ShapeDtypeStruct(x.shape, x.dtype), x))(jnp.ones(3)))
