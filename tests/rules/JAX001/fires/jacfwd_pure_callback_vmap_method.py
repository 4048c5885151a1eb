"""jacfwd of a host function; the callback declares vmap_method so only the JVP can fail."""
import jax
import jax.numpy as jnp
import numpy as np


def host_exp(v):
    return np.exp(np.asarray(v)).astype(np.float32)


def f(v):
    return jax.pure_callback(  # EXPECT: JAX001
        host_exp, jax.ShapeDtypeStruct(v.shape, v.dtype), v, vmap_method="sequential"
    )


print(jax.jacfwd(f)(jnp.array([0.0, 1.0, 2.0])))
