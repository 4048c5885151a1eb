"""The host is an instance whose `__call__` takes no keyword: JAX 0.10 passes `vectorized=`
on to it."""
import jax
import jax.numpy as jnp
import numpy as np


class HostScale:
    def __init__(self, factor):
        self.factor = factor

    def __call__(self, x):
        return (np.asarray(x) * self.factor).astype(np.float32)


scaler = HostScale(3.0)


@jax.jit
def f(x):
    return jax.pure_callback(scaler, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,  # EXPECT: JAX012
                             vectorized=False)


print(f(jnp.arange(3.0)))
