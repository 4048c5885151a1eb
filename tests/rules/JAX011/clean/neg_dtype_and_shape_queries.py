"""The host function reads dtypes and shapes through jnp, which computes nothing."""
import jax
import jax.numpy as jnp
import numpy as np


def host_fill(x):
    dtype = jnp.result_type(x)
    rows = jnp.shape(x)[0]
    info = jnp.finfo(jnp.float32)
    return np.full((rows,), info.eps, dtype=dtype)


def f(x):
    return jax.pure_callback(host_fill, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


print(jax.jit(f)(jnp.ones(3)))
