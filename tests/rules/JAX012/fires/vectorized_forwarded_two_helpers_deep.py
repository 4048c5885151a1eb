"""`vectorized=True` is forwarded through two helpers' `**kw` before `jax.pure_callback`."""
import jax
import jax.numpy as jnp
import numpy as np

def _raw(fn, x, **kw):
    return jax.pure_callback(fn, jax.ShapeDtypeStruct(x.shape, x.dtype), x, **kw)  # EXPECT: JAX012

def call(fn, x, **kw):
    return _raw(fn, x, **kw)

def host(x):
    return np.sin(np.asarray(x))

print(jax.jit(lambda x: call(host, x, vectorized=True))(jnp.ones(3)))
