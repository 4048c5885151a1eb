import jax.numpy as jnp
from specfun.registry import register


@register("softplus")
def softplus(x):
    return jnp.logaddexp(x, 0.0)


@register("tanh")
def _tanh(x):
    return jnp.tanh(x)
