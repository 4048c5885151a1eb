"""`vmap_method=` forwarded through two helpers' `**kw`."""
import jax
import jax.numpy as jnp
import numpy as np

def _raw(fn, x, **kw):
    return jax.pure_callback(fn, jax.ShapeDtypeStruct(x.shape, x.dtype), x, **kw)

def call(fn, x, **kw):
    return _raw(fn, x, **kw)

def host(x):
    return np.sin(np.asarray(x))

print(jax.jit(lambda x: call(host, x, vmap_method="sequential"))(jnp.ones(3)))
