"""`from functools import partial` builds the callback wrapper; grad then reaches it."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import scipy.special

_gammaln = partial(jax.pure_callback, vmap_method="broadcast_all")


def host_gammaln(a):
    return scipy.special.gammaln(np.asarray(a)).astype(np.float32)


def log_normalizer(alpha):
    terms = _gammaln(host_gammaln, jax.ShapeDtypeStruct(alpha.shape, alpha.dtype), alpha)  # EXPECT: JAX001
    return jnp.sum(terms)


print(jax.grad(log_normalizer)(jnp.array([1.5, 2.0, 3.5])))
