import jax
import jax.numpy as jnp

from .ops import winsorize


def robust_loss(pred, target):
    resid = jax.lax.stop_gradient(winsorize(pred - target))
    return jnp.mean(resid * (pred - target))
