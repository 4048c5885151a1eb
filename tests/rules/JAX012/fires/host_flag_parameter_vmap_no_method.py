"""The host has its own `vectorized` parameter, but the call relies on the removed keyword
to batch: under vmap with no `vmap_method` JAX refuses it."""
import jax
import jax.numpy as jnp
import numpy as np


def host_cbrt(x, vectorized=False):
    return np.cbrt(np.asarray(x)).astype(np.float32)


def cbrt(x):
    return jax.pure_callback(host_cbrt, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,  # EXPECT: JAX012
                             vectorized=True)


print(jax.jit(jax.vmap(cbrt))(jnp.array([1.0, 8.0, 27.0])))
