"""vmap of a host wrapper whose vmap_method knob defaults to None: an explicit None is no vmap_method."""
import functools

import jax
import jax.numpy as jnp
import numpy as np


def _host_score(x, scale):
    return (np.asarray(x).sum() * np.asarray(scale)).astype(np.float32)


def host_score(x, scale, vmap_method=None):
    out = jax.ShapeDtypeStruct(jnp.shape(scale), jnp.float32)
    return jax.pure_callback(_host_score, out, x, scale, vmap_method=vmap_method)  # EXPECT: JAX008


x = jnp.ones((3, 4))
print(jax.jit(jax.vmap(functools.partial(host_score, x)))(jnp.array([1.0, 2.0])))
