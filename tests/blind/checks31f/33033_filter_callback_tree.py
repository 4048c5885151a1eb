# shape from: patrick-kidger/equinox (equinox/_callback.py: filter_pure_callback with vectorized=)
"""A host routine that returns a pytree with a non-array leaf, via eqx.filter_pure_callback."""
from dataclasses import dataclass

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from scipy import linalg


@dataclass(frozen=True)
class Factorisation:
    method: str
    overwrite: bool = False


def cholesky_solve_host(matrix, rhs, fact: Factorisation):
    matrix, rhs = np.asarray(matrix, np.float64), np.asarray(rhs, np.float64)
    c_and_lower = linalg.cho_factor(matrix, overwrite_a=fact.overwrite)
    sol = linalg.cho_solve(c_and_lower, rhs)
    return {"solution": sol.astype(np.float32), "method": fact.method}


def solve_spd(matrix, rhs):
    fact = Factorisation(method="cholesky")
    shapes = {"solution": jax.ShapeDtypeStruct(rhs.shape, jnp.float32), "method": "cholesky"}
    out = eqx.filter_pure_callback(cholesky_solve_host, matrix, rhs, fact,
                                   result_shape_dtypes=shapes, vectorized=False)
    return out["solution"]


@eqx.filter_jit
def ridge(X, y, lam=0.1):
    gram = X.T @ X + lam * jnp.eye(X.shape[1])
    return solve_spd(gram, X.T @ y)


if __name__ == "__main__":
    X = jax.random.normal(jax.random.key(0), (10, 3))
    y = X @ jnp.array([1.0, 2.0, -1.0])
    print(ridge(X, y))
