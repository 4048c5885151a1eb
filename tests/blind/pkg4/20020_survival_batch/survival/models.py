import jax.numpy as jnp

from .mixins import BatchMixin
from .ops import *


class BaseSurvival:
    def linear_predictor(self, coefs, x):
        return jnp.dot(coefs, x)


class WeibullAFT(BaseSurvival, BatchMixin):
    def __init__(self, shape):
        self.shape = shape

    def predict(self, coefs, x, t):
        scale = jnp.exp(self.linear_predictor(coefs, x))
        return 1.0 - weibull_cdf(t, jnp.float32(self.shape), scale)
