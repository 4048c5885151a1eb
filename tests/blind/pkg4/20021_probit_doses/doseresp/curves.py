import jax.numpy as jnp

from .ops import *
from .vectorize import OverCompoundsMixin


class ProbitCurve(OverCompoundsMixin):
    def __init__(self, log_base):
        self.log_base = log_base

    def response(self, ec50, slope, doses):
        z = slope * (jnp.log(doses) - jnp.log(ec50)) / jnp.log(self.log_base)
        return phi(z)
