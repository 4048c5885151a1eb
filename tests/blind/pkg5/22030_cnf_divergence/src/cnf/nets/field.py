from typing import NamedTuple

import jax
import jax.numpy as jnp

from cnf.ops import softsign_clipgrad


class Field(NamedTuple):
    a: jnp.ndarray
    b: jnp.ndarray

    @classmethod
    def create(cls, key, dim):
        ka, kb = jax.random.split(key)
        return cls(0.4 * jax.random.normal(ka, (dim, dim)), 0.4 * jax.random.normal(kb, (dim, dim)))

    def __call__(self, z):
        return self.b @ softsign_clipgrad(self.a @ z)
