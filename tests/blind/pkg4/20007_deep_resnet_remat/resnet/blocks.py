import jax
import jax.numpy as jnp
import equinox as eqx

from . import counters


class ResBlock(eqx.Module):
    lin: eqx.nn.Linear

    def __init__(self, width, key):
        self.lin = eqx.nn.Linear(width, width, key=key)

    def __call__(self, h):
        @jax.checkpoint
        def inner(lin, h):
            counters.count_call()
            return h + jnp.tanh(jax.vmap(lin)(h))

        return inner(self.lin, h)
