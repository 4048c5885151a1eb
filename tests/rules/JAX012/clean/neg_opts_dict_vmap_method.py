"""Callback options in a dict: only `vmap_method`."""
import jax
import jax.numpy as jnp
import numpy as np

CALLBACK_OPTIONS = {"vmap_method": "broadcast_all"}


def host_cbrt(x):
    return np.cbrt(np.asarray(x)).astype(np.float32)


def cbrt(x):
    return jax.pure_callback(host_cbrt, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             **CALLBACK_OPTIONS)


print(jax.vmap(cbrt)(jnp.array([[8.0], [27.0]])))
