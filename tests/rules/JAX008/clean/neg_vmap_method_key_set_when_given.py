"""A wrapper sets `vmap_method=` on the keywords it spreads into `jax.pure_callback` only when
its caller gives one (`vmap_method=None` by default); the caller gives one and vmaps the call.
Re-expressed from patrick-kidger/equinox's `filter_pure_callback` (equinox/_callback.py)."""
import jax
import jax.numpy as jnp
import numpy as np


def call_host(fn, like, *args, vmap_method=None, sharding=None):
    keywords = {}
    if sharding is not None:
        keywords["sharding"] = sharding
    if vmap_method is not None:
        keywords["vmap_method"] = vmap_method
    return jax.pure_callback(fn, jax.ShapeDtypeStruct(like.shape, like.dtype), *args, **keywords)


def host_cos(x):
    return np.cos(np.asarray(x)).astype(np.float32)


def cos_rows(x):
    return call_host(host_cos, x, x, vmap_method="sequential")


print(jax.vmap(cos_rows)(jnp.ones((3, 2))))
