"""Host eigen-decomposition with callback options described by a TypedDict."""
from typing import TypedDict

import jax
import jax.numpy as jnp
import numpy as np


class CallbackOptions(TypedDict, total=False):
    vectorized: bool
    vmap_method: str


DEFAULTS: CallbackOptions = {"vectorized": True}


def host_eigh(mat):
    mat = np.asarray(mat)
    w, v = np.linalg.eigh(mat)
    return w.astype(mat.dtype), v.astype(mat.dtype)


def spectral(mat, options: CallbackOptions = DEFAULTS):
    n = mat.shape[-1]
    spec = (jax.ShapeDtypeStruct((n,), mat.dtype), jax.ShapeDtypeStruct((n, n), mat.dtype))
    return jax.pure_callback(host_eigh, spec, mat, **options)


@jax.jit
def matrix_sqrt(mat):
    w, v = spectral(mat)
    return (v * jnp.sqrt(jnp.clip(w, 0.0))) @ v.T


if __name__ == "__main__":
    m = jnp.array([[2.0, 0.5], [0.5, 1.0]])
    print(matrix_sqrt(m))
