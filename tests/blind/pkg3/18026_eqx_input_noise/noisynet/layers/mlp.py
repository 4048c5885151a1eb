import equinox as eqx
import jax
import jax.numpy as jnp

from ..host import jitter


class NoisyMLP(eqx.Module):
    l1: eqx.nn.Linear
    l2: eqx.nn.Linear
    noise: float = eqx.field(static=True, default=0.05)

    def __init__(self, din, dh, dout, key, noise=0.05):
        k1, k2 = jax.random.split(key)
        self.l1 = eqx.nn.Linear(din, dh, key=k1)
        self.l2 = eqx.nn.Linear(dh, dout, key=k2)
        self.noise = noise

    def __call__(self, x):
        x = jitter(x, self.noise)
        h = jax.nn.relu(self.l1(x))
        return self.l2(h)
