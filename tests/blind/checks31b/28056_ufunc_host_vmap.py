import jax
import jax.numpy as jnp
import numpy as np


class HostMath:
    def __init__(self, ufunc):
        self.ufunc = ufunc

    def apply(self, x):
        return jax.pure_callback(self.ufunc, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                                 vmap_method="broadcast_all")


cbrt = HostMath(np.cbrt)
print(jax.jit(lambda v: cbrt.apply(v) + 1.0)(jnp.array([1.0, 8.0, 27.0])))
print(jax.vmap(cbrt.apply)(jnp.array([[1.0, 8.0], [27.0, 64.0]])))
