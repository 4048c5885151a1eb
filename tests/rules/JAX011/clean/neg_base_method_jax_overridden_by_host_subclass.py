"""The host calls a method its subclass overrides with NumPy; the base class's JAX version
is never the one the host's object runs."""
import jax
import jax.numpy as jnp
import numpy as np


class Smoother:
    def __init__(self, width):
        self.width = width

    def _kernel(self, z):
        return np.asarray(jnp.convolve(z, jnp.ones(self.width) / self.width, mode="same"))

    def host(self, z):
        return self._kernel(np.asarray(z)).astype(np.float32)


class HostSmoother(Smoother):
    def _kernel(self, z):
        return np.convolve(z, np.ones(self.width) / self.width, mode="same")


def smooth(sm, z):
    return jax.pure_callback(sm.host, jax.ShapeDtypeStruct(z.shape, jnp.float32), z)


print(jax.jit(lambda z: smooth(HostSmoother(3), z))(jnp.arange(6.0)))
