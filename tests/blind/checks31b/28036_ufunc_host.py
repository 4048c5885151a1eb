import jax
import jax.numpy as jnp
import numpy as np


class HostMath:
    def __init__(self, ufunc):
        self.ufunc = ufunc

    def apply(self, x):
        return jax.pure_callback(self.ufunc, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                                 vectorized=True)


cbrt = HostMath(np.cbrt)
print(jax.jit(lambda v: cbrt.apply(v) + 1.0)(jnp.array([1.0, 8.0, 27.0])))
