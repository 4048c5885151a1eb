import jax.numpy as jnp

from .nn import mlp_apply


def mse_loss(params, x, y):
    return jnp.mean((mlp_apply(params, x) - y) ** 2)
