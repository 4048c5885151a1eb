"""A model class wraps its host method with the removed keyword."""
import jax
import jax.numpy as jnp
import numpy as np


class Interpolator:
    def __init__(self, xp, fp):
        self.xp, self.fp = np.asarray(xp), np.asarray(fp)

    def _host(self, x):
        return np.interp(np.asarray(x), self.xp, self.fp).astype(np.float32)

    def __call__(self, x):
        out = jax.ShapeDtypeStruct(x.shape, jnp.float32)
        return jax.pure_callback(self._host, out, x, vectorized=True)  # EXPECT: JAX012


print(jax.jit(Interpolator([0.0, 1.0], [0.0, 10.0]))(jnp.array([0.25, 0.5])))
