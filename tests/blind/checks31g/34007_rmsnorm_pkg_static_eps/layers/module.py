import jax.numpy as jnp

from .core import rms_normalize


class RMSNorm:
    """Parameter container in the style of a small layer library."""

    def __init__(self, dim: int, eps: float = 1e-6):
        self.scale = jnp.ones(dim)
        self.eps = eps

    def __call__(self, params, x):
        return params["scale"] * rms_normalize(x, self.eps)

    def init(self):
        return {"scale": self.scale}
