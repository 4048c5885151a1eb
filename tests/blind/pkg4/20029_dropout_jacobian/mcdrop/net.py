from dataclasses import dataclass

import jax
import jax.numpy as jnp


@dataclass
class StochasticNet:
    weights: list
    rate: float

    @classmethod
    def create(cls, key, dims, rate):
        ks = jax.random.split(key, len(dims) - 1)
        ws = [jax.random.normal(k, (a, b)) / jnp.sqrt(a) for k, a, b in zip(ks, dims[:-1], dims[1:])]
        return cls(ws, rate)

    def __call__(self, x, key):
        for i, w in enumerate(self.weights):
            x = x @ w
            if i < len(self.weights) - 1:
                key, sub = jax.random.split(key)
                keep = jax.random.bernoulli(sub, 1.0 - self.rate, x.shape)
                x = jnp.where(keep, jax.nn.relu(x) / (1.0 - self.rate), 0.0)
        return x
