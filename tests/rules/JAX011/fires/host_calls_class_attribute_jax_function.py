"""A classmethod host calls `cls.activation`, a class attribute that is `staticmethod(jnp.tanh)`."""
import jax
import jax.numpy as jnp
import numpy as np

class Ops:
    activation = staticmethod(jnp.tanh)

    @classmethod
    def host(cls, x):
        return np.asarray(cls.activation(np.asarray(x)))  # EXPECT: JAX011

print(jax.jit(lambda x: jax.pure_callback(Ops.host, jax.ShapeDtypeStruct(x.shape, x.dtype), x))(jnp.ones(3)))
