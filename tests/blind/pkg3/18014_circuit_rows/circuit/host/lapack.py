import numpy as np
import scipy.linalg
import jax


def _solve(A, b, trans):
    return scipy.linalg.solve(np.asarray(A), np.asarray(b), transposed=bool(trans)).astype(b.dtype)


def host_solve(A, b, transposed=False):
    spec = jax.ShapeDtypeStruct(b.shape, b.dtype)
    return jax.pure_callback(lambda A, b: _solve(A, b, transposed), spec, A, b)
