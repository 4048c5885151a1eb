"""A class method calls the host on a numpy attribute (`self.grid`), not on the grad'ed argument."""
import jax
import jax.numpy as jnp
import numpy as np
import scipy.special


class BesselFeatures:
    def __init__(self, n):
        self.grid = np.linspace(0.1, 2.0, n).astype(np.float32)

    def _host_j0(self, g):
        return scipy.special.j0(np.asarray(g)).astype(np.float32)

    def features(self):
        return jax.pure_callback(
            self._host_j0, jax.ShapeDtypeStruct(self.grid.shape, jnp.float32), self.grid
        )

    def __call__(self, w):
        return jnp.dot(self.features(), w)


model = BesselFeatures(5)
print(jax.grad(lambda w: model(w) ** 2)(jnp.ones(5)))
