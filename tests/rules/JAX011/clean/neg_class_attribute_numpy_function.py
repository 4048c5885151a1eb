"""A classmethod host calls `cls.activation`, a class attribute that is `staticmethod(np.tanh)`."""
import jax
import jax.numpy as jnp
import numpy as np

class Ops:
    activation = staticmethod(np.tanh)

    @classmethod
    def host(cls, x):
        return np.asarray(cls.activation(np.asarray(x)))

print(jax.jit(lambda x: jax.pure_callback(Ops.host, jax.ShapeDtypeStruct(x.shape, x.dtype), x))(jnp.ones(3)))
