import jax
import jax.numpy as jnp

from .telemetry import RecorderMixin


class TinyMLP(RecorderMixin):
    def __init__(self, in_dim, hidden):
        self.in_dim, self.hidden = in_dim, hidden

    def init(self, key):
        k1, k2 = jax.random.split(key)
        return {
            "w1": 0.3 * jax.random.normal(k1, (self.in_dim, self.hidden)),
            "w2": 0.3 * jax.random.normal(k2, (self.hidden, 1)),
        }

    def apply(self, params, x):
        h = jnp.tanh(x @ params["w1"])
        h = self._record("hidden", h)
        return h @ params["w2"]
