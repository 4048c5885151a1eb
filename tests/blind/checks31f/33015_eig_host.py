# shape from: facebookresearch/fmmax (eigensolve via jax.pure_callback; see jax-ml/jax#24255)
"""General (non-Hermitian) eigendecomposition on the host, usable inside jit.

jax.numpy.linalg.eig is CPU-only, so like fmmax we send the matrix to NumPy.
"""
from typing import Tuple

import jax
import jax.numpy as jnp
import numpy as onp


def _eig_host(matrix: jax.Array) -> Tuple[jax.Array, jax.Array]:
    matrix = onp.asarray(matrix)
    eigval, eigvec = onp.linalg.eig(matrix)
    eigval = eigval.astype(onp.complex64)
    eigvec = eigvec.astype(onp.complex64)
    return jnp.asarray(eigval), jnp.asarray(eigvec)


def eig(matrix: jax.Array) -> Tuple[jax.Array, jax.Array]:
    """Eigenvalues and eigenvectors of a batch of square matrices."""
    if matrix.shape[-1] != matrix.shape[-2]:
        raise ValueError(f"expected square matrices, got {matrix.shape}")
    batch, n = matrix.shape[:-2], matrix.shape[-1]
    shapes = (
        jax.ShapeDtypeStruct(batch + (n,), jnp.complex64),
        jax.ShapeDtypeStruct(batch + (n, n), jnp.complex64),
    )
    return jax.pure_callback(_eig_host, shapes, matrix.astype(jnp.complex64),
                             vmap_method="expand_dims")


def spectral_radius(matrix):
    eigval, _ = eig(matrix)
    return jnp.max(jnp.abs(eigval), axis=-1)


if __name__ == "__main__":
    key = jax.random.key(0)
    mats = jax.random.normal(key, (3, 4, 4))
    rho = jax.jit(jax.vmap(spectral_radius))(mats)
    print("spectral radii", rho)
