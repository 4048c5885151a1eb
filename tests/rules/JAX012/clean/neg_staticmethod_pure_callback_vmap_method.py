"""A class keeps `jax.pure_callback` as a `staticmethod` attribute and calls it through
`self` with `vmap_method=`."""
import jax
import jax.numpy as jnp
import numpy as np


class Bridge:
    invoke = staticmethod(jax.pure_callback)

    def _host(self, x):
        return np.sin(np.asarray(x)).astype(np.float32)

    def __call__(self, x):
        return self.invoke(self._host, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                           vmap_method="expand_dims")


print(jax.jit(Bridge())(jnp.arange(3.0)))
