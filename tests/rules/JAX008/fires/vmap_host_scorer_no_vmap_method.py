"""A host scoring function vmapped over a batch of inputs: its pure_callback has no vmap_method."""
import functools

import jax
import jax.numpy as jnp
import numpy as np


def _host_score(z):
    return np.tanh(np.asarray(z)).astype(np.float32)


def score(z):
    return jax.pure_callback(_host_score, jax.ShapeDtypeStruct(z.shape, z.dtype), z)  # EXPECT: JAX008


@functools.partial(jax.vmap, in_axes=(None, 0))
def batched_score(params, x):
    return score(params["w"] * x + params["b"])


params = {"w": jnp.float32(2.0), "b": jnp.float32(0.5)}
print(batched_score(params, jnp.arange(4.0)))
