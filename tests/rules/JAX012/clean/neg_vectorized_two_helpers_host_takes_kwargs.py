"""`vectorized=True` forwarded two helpers deep to a host taking `**unused`, not batched: it runs."""
import jax
import jax.numpy as jnp
import numpy as np

def _raw(fn, x, **kw):
    return jax.pure_callback(fn, jax.ShapeDtypeStruct(x.shape, x.dtype), x, **kw)

def call(fn, x, **kw):
    return _raw(fn, x, **kw)

def host(x, **unused):
    return np.sin(np.asarray(x))

print(jax.jit(lambda x: call(host, x, vectorized=True))(jnp.ones(3)))
