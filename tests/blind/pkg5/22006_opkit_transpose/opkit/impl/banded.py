import jax.numpy as jnp

from opkit.registry import plugin


@plugin("banded")
class Banded:
    def __init__(self, size):
        self.size = size
        self.diag = jnp.linspace(1.0, 2.0, size)

    def apply(self, x):
        up = jnp.concatenate([x[1:], jnp.zeros(1)])
        return self.diag * x + 0.5 * up
