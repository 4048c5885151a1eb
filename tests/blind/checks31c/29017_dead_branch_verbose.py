"""Batched Newton iterations for x**3 = a; residual logging only in verbose mode."""
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import io_callback


class CubeRootSolver:
    def __init__(self, n_iter=8, verbose=False):
        self.n_iter = n_iter
        self.verbose = verbose

    def _log(self, it, r):
        print(f"iter {int(it)} residual {float(r):.3e}")

    def solve(self, a):
        def body(i, x):
            r = x ** 3 - a
            if self.verbose:
                io_callback(self._log, None, i, jnp.abs(r), ordered=True)
            return x - r / (3.0 * x ** 2)

        return lax.fori_loop(0, self.n_iter, body, jnp.maximum(a, 1.0))


solver = CubeRootSolver()
print(jax.jit(jax.vmap(solver.solve))(jnp.array([2.0, 8.0, 27.0])))
