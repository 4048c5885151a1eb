import jax.numpy as jnp

from .clipping.soft import capped
from ..grads import attach as _attach

_attach.install()


def scores(r, cap):
    return capped(r, cap) / (1.0 + jnp.abs(r))
