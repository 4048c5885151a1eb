import functools

import numpy as np
import jax
import jax.numpy as jnp
from scipy.stats import norm

__all__ = ["phi"]

host_call = functools.partial(jax.pure_callback, vmap_method="legacy_vectorized")


def _phi_np(z):
    return norm.cdf(np.asarray(z)).astype(np.float32)


def phi(z):
    return host_call(_phi_np, jax.ShapeDtypeStruct(jnp.shape(z), jnp.float32), z)
