"""A wrapper sets `vectorized=` on the keywords it spreads into `jax.pure_callback` only when
its caller gives one (`vectorized=None` by default), and its caller does: JAX passes it on to
the host function. Re-expressed from patrick-kidger/equinox's `filter_pure_callback`
(equinox/_callback.py)."""
import jax
import jax.numpy as jnp
import numpy as np


def call_host(fn, like, *args, vmap_method=None, vectorized=None):
    keywords = {}
    if vectorized is not None:
        keywords["vectorized"] = vectorized
    if vmap_method is not None:
        keywords["vmap_method"] = vmap_method
    return jax.pure_callback(fn, jax.ShapeDtypeStruct(like.shape, like.dtype), *args, **keywords)  # EXPECT: JAX012


def host_cos(x):
    return np.cos(np.asarray(x)).astype(np.float32)


print(jax.jit(lambda x: call_host(host_cos, x, x, vectorized=False))(jnp.arange(3.0)))
