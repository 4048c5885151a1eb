"""`vectorized=True` reaches `jax.pure_callback(*args, **kwargs)` through a forwarding helper."""
import jax
import jax.numpy as jnp
import numpy as np

def call_host(*args, **kwargs):
    return jax.pure_callback(*args, **kwargs)  # EXPECT: JAX012

def host(x):
    return np.sin(np.asarray(x))

print(jax.jit(lambda x: call_host(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x, vectorized=True))(jnp.ones(3)))
