"""A wrapper fills in `vectorized=` with `kwargs.setdefault` before spreading its `**kwargs`
into `jax.pure_callback`."""
import jax
import jax.numpy as jnp
import numpy as np


def call_host(fn, like, *args, **kwargs):
    kwargs.setdefault("vectorized", True)
    return jax.pure_callback(fn, jax.ShapeDtypeStruct(like.shape, like.dtype), *args, **kwargs)  # EXPECT: JAX012


def host_sin(x):
    return np.sin(np.asarray(x)).astype(np.float32)


print(jax.jit(lambda x: call_host(host_sin, x, x))(jnp.arange(3.0)))
