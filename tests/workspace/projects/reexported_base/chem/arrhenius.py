import jax.numpy as jnp

from .diagnostics import HostAuditMixin


class Arrhenius(HostAuditMixin):
    def __init__(self, prefactor, activation):
        self.prefactor, self.activation = prefactor, activation

    def rate(self, temperature):
        k = self.prefactor * jnp.exp(-self.activation / temperature)
        return self._audit(k)
