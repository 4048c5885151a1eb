"""Host solve with a fallback chain in try/except and a finally that logs via stdlib."""
import logging
import statistics

import jax
import jax.numpy as jnp
import numpy as np
import scipy.linalg as sla

log = logging.getLogger("hostsolve")
_conds = []


def robust_solve(a, b):
    a, b = np.asarray(a), np.asarray(b)
    try:
        x = sla.solve(a, b, assume_a="pos")
    except (np.linalg.LinAlgError, ValueError):
        x = np.linalg.lstsq(a, b, rcond=None)[0]
    finally:
        _conds.append(float(np.linalg.cond(a)))
        log.debug("median cond %.3g", statistics.median(_conds))
    return x.astype(b.dtype)


@jax.jit
def ridge(x, y, lam):
    gram = x.T @ x + lam * jnp.eye(x.shape[1])
    return jax.pure_callback(robust_solve, jax.ShapeDtypeStruct((x.shape[1],), y.dtype),
                             gram, x.T @ y)


if __name__ == "__main__":
    X = jnp.array([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]])
    print(ridge(X, jnp.array([0.1, 1.1, 1.9]), 0.01), len(_conds))
