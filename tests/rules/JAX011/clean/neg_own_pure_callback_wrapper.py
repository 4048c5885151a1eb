"""A project's own `pure_callback` wrapper keeps a `vectorized` flag and maps it itself."""
import jax
import jax.numpy as jnp
import numpy as np


def pure_callback(fn, shape_dtype, *args, vectorized=False):
    method = "legacy_vectorized" if vectorized else "sequential"
    return jax.pure_callback(fn, shape_dtype, *args, vmap_method=method)


def host_exp(x):
    return np.exp(np.asarray(x)).astype(np.float32)


def f(x):
    return pure_callback(host_exp, jax.ShapeDtypeStruct(x.shape, jnp.float32), x, vectorized=True)


print(jax.vmap(f)(jnp.ones((2, 2))))
