"""The host is a `functools.partial` of a function with no `vectorized` parameter: JAX 0.10
passes `vectorized=` on to it."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def host_scale(x, factor=1.0):
    return (np.asarray(x) * factor).astype(np.float32)


scale3 = partial(host_scale, factor=3.0)


@jax.jit
def f(x):
    return jax.pure_callback(scale3, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,  # EXPECT: JAX012
                             vectorized=True)


print(f(jnp.arange(3.0)))
