"""The host function reads `scale.factor`, a `property` whose getter runs `jnp.sqrt` each
time it is read, on the host."""
import jax
import jax.numpy as jnp
import numpy as np


class Scale:
    def __init__(self, var):
        self.var = var

    @property
    def factor(self):
        return float(jnp.sqrt(self.var))  # EXPECT: JAX011


scale = Scale(4.0)


def host(x):
    return (np.asarray(x) * scale.factor).astype(np.float32)


print(jax.jit(lambda x: jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, jnp.float32), x))(
    jnp.ones(2)))
