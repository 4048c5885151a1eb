from dataclasses import dataclass

import jax.numpy as jnp


@dataclass
class MarketModel:
    elasticity: jnp.ndarray

    def update(self, p, theta):
        return 0.5 * p + 0.5 * jnp.exp(-theta * self.elasticity * (p - 1.0)) * (1.0 + 0.1 * theta)
