"""A correct version gate (`__version_info__` compared as a tuple) held in a module-level
name: the old `vectorized=` branch after it never runs on new JAX."""
import jax
import jax.numpy as jnp
import numpy as np

HAS_VMAP_METHOD = jax.__version_info__ >= (0, 4, 35)


def host_expm1(x):
    return np.expm1(np.asarray(x)).astype(np.float32)


def expm1(x):
    shape = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    if HAS_VMAP_METHOD:
        return jax.pure_callback(host_expm1, shape, x, vmap_method="broadcast_all")
    return jax.pure_callback(host_expm1, shape, x, vectorized=True)


print(jax.jit(expm1)(jnp.ones(3)))
