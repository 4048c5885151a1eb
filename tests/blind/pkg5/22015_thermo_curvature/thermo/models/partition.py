import jax.numpy as jnp

from ..special import log_gamma


class PartitionModel:
    def __init__(self, degeneracy):
        self.g = degeneracy

    def free_energy(self, beta):
        shape = 1.0 + beta * self.g
        return -jnp.sum(log_gamma(shape)) / beta
