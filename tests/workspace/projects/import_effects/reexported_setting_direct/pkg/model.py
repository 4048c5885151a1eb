"""A loss that reads the shared settings when it runs."""
import jax
import jax.numpy as jnp
import numpy as np

from .config import CFG


def host(x):
    return jax.pure_callback(lambda v: np.asarray(v) * 2.0, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


def loss(x):
    if CFG.mode == "host":
        return jnp.sum(host(x))
    return jnp.sum(x * 2.0)
