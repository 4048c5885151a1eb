"""Measurement-noise sources."""
import numpy as np
import jax


class NumpyGaussian:
    def __init__(self, seed, scale):
        self._rng = np.random.default_rng(seed)
        self.scale = scale

    def sample(self, shape):
        return self.scale * self._rng.standard_normal(shape)


class KeyedGaussian:
    """Reproducible noise driven by a JAX PRNG key."""

    def __init__(self, seed, scale):
        self._key = jax.random.key(seed)
        self._count = 0
        self.scale = scale

    def sample(self, shape):
        self._count += 1
        noise = jax.random.normal(jax.random.fold_in(self._key, self._count), shape)
        return self.scale * np.asarray(noise)
