from typing import NamedTuple

import jax.numpy as jnp


class Economy(NamedTuple):
    alpha: jnp.ndarray
    scale: jnp.ndarray

    def best_response(self, z, params):
        return 0.6 * z + 0.4 * self.scale * jnp.exp(-self.alpha * z * (1.0 + params))
