import jax.numpy as jnp

from .registry import register
from .._host.ndtr import log_ndtr


@register("probit")
def probit_nll(w, x, y):
    z = jnp.dot(x, w)
    return -(y * log_ndtr(z) + (1 - y) * log_ndtr(-z))
