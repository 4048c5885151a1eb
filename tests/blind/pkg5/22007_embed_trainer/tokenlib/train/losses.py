import jax.numpy as jnp

from ..models.embed.table import embed


def l2(state, targets):
    return jnp.mean((embed(state) - targets) ** 2)
