"""An external-solver bridge class that keeps the callback primitive as a class attribute."""
import jax
import jax.numpy as jnp
import numpy as np
from scipy.optimize import brentq


class RootBridge:
    invoke = staticmethod(jax.pure_callback)

    def __init__(self, lo, hi):
        self.lo, self.hi = lo, hi

    def _host(self, params):
        params = np.asarray(params)
        roots = [brentq(lambda x: x ** 3 - p, self.lo, self.hi) for p in params]
        return np.asarray(roots, dtype=params.dtype)

    def __call__(self, params):
        spec = jax.ShapeDtypeStruct(params.shape, params.dtype)
        return self.invoke(self._host, spec, params, vectorized=True)


bridge = RootBridge(0.0, 10.0)


@jax.jit
def cube_roots(p):
    return bridge(p)


if __name__ == "__main__":
    print(cube_roots(jnp.array([1.0, 8.0, 27.0])))
