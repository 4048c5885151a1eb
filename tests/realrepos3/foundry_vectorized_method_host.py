"""A dataset's __getitem__ reads a sample through pure_callback(self._get, ..., vectorized=True):
JAX 0.10.2 passes `vectorized=True` on to the bound method, which raises TypeError."""
# Re-expressed from foundry-ai/foundry packages/core/src/foundry/datasets/nlp/tinystories.py:41.
import jax
import jax.numpy as jnp
import numpy as np


class TokenData:
    def __init__(self, tokens, sample_size):
        self.tokens = tokens
        self.sample_size = sample_size

    def _get(self, i):
        i = int(i)
        return self.tokens[i:i + self.sample_size]

    def __getitem__(self, i):
        i = jnp.array(i, dtype=jnp.int32)
        return jax.pure_callback(self._get,  # EXPECT: JAX012
                                 jax.ShapeDtypeStruct((self.sample_size,), np.uint16),
                                 i, vectorized=True)


data = TokenData(np.arange(100, dtype=np.uint16), 8)
print(jax.jit(lambda i: data[i])(3))
