import jax.numpy as jnp

from .registry import register_rhs


@register_rhs("logistic")
def logistic(t, y, theta):
    r, K = theta
    return r * y * (1.0 - y / K)


@register_rhs("decay")
def decay(t, y, theta):
    return -theta[0] * y
