"""@partial(jax.jit, static_argnames='debug_host') with debug_host=False: the host branch never traces."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def host_check(v):
    assert np.all(np.isfinite(np.asarray(v)))
    return np.asarray(v, dtype=np.float32)


@partial(jax.jit, static_argnames="debug_host")
def layer(w, x, debug_host=False):
    h = jnp.tanh(x @ w)
    if debug_host:
        h = jax.pure_callback(host_check, jax.ShapeDtypeStruct(h.shape, h.dtype), h)
    return h


def loss(w, x):
    return jnp.sum(layer(w, x, debug_host=False) ** 2)


print(jax.grad(loss)(jnp.eye(2) * 0.3, jnp.ones((2, 2))))
