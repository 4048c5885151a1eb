import jax.numpy as jnp

from .base import SpectralModel


class LorentzModel(SpectralModel):
    def __init__(self, n_lines=1):
        self.n_lines = n_lines

    def init_params(self):
        return {"amp": jnp.ones(()), "center": jnp.asarray(1.0), "width": jnp.asarray(0.5)}

    def profile(self, params, freqs):
        g = params["width"]
        return params["amp"] * g**2 / ((freqs - params["center"]) ** 2 + g**2)
