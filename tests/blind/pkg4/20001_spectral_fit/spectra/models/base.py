import jax.numpy as jnp

from ..utils import host


class SpectralModel:
    """Base class: profile() is model specific, envelope() is shared."""

    def profile(self, params, freqs):
        raise NotImplementedError

    def envelope(self, params, freqs):
        width = jnp.abs(params["width"]) + 1e-3
        return host.bessel_envelope(freqs / width)

    def __call__(self, params, freqs):
        return self.profile(params, freqs) * self.envelope(params, freqs)
