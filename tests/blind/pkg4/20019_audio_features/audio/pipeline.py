import jax
import jax.numpy as jnp

from .utils import host


@jax.jit
def featurize(raw):
    s = host.smooth(raw)
    return jnp.concatenate([s, jnp.abs(raw - s)], axis=-1)
