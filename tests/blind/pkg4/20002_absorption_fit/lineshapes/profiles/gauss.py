import jax.numpy as jnp

from .base import LineProfile


class GaussianLine(LineProfile):
    def __init__(self, instrument_width):
        self.instrument_width = float(instrument_width)

    def initial(self):
        return {"a": jnp.asarray(1.0), "mu": jnp.asarray(1.2), "sig": jnp.asarray(0.6)}

    def shape(self, theta, grid):
        return theta["a"] * jnp.exp(-0.5 * ((grid - theta["mu"]) / theta["sig"]) ** 2)
