import equinox as eqx
import jax
import jax.numpy as jnp

from ...experimental import clipped_tanh


class PlainMLP(eqx.Module):
    w1: jax.Array
    w2: jax.Array

    def __init__(self, dim, key):
        k1, k2 = jax.random.split(key)
        self.w1 = 0.5 * jax.random.normal(k1, (dim, dim))
        self.w2 = 0.5 * jax.random.normal(k2, (dim, dim))

    def act(self, h):
        return jnp.tanh(h)

    def __call__(self, z):
        return self.w2 @ self.act(self.w1 @ z)


class ClippedMLP(PlainMLP):
    def act(self, h):
        return clipped_tanh(h)
