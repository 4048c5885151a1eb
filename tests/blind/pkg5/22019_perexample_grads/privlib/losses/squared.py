import jax.numpy as jnp

from privlib.losses.registry import register


@register("squared")
def squared(w, x, y):
    return (jnp.dot(x, w) - y) ** 2
