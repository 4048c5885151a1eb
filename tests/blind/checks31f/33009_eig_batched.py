# shape from: facebookresearch/fmmax (eigensolve via jax.pure_callback, issue #139)
"""Batched eigendecomposition on the host with a NumPy return path."""
import functools

import jax
import jax.numpy as jnp
import numpy as onp

EIG_DTYPE = jnp.complex64


def _eig_host(matrix):
    matrix = onp.asarray(matrix)
    eigval, eigvec = onp.linalg.eig(matrix)
    return eigval.astype(onp.complex64), eigvec.astype(onp.complex64)


@functools.partial(jax.jit, static_argnames=("sort",))
def eig(matrix, sort=False):
    assert matrix.ndim >= 2 and matrix.shape[-1] == matrix.shape[-2], matrix.shape
    out = jax.eval_shape(lambda m: (jnp.diagonal(m, axis1=-2, axis2=-1), m), matrix.astype(EIG_DTYPE))
    eigval, eigvec = jax.pure_callback(_eig_host, out, matrix.astype(EIG_DTYPE),
                                       vmap_method="expand_dims")
    if sort:
        order = jnp.argsort(jnp.abs(eigval), axis=-1)
        eigval = jnp.take_along_axis(eigval, order, axis=-1)
        eigvec = jnp.take_along_axis(eigvec, order[..., None, :], axis=-1)
    return eigval, eigvec


def reconstruct(matrix):
    w, v = eig(matrix, sort=True)
    return (v * w[..., None, :]) @ jnp.linalg.inv(v)


if __name__ == "__main__":
    mats = jax.random.normal(jax.random.key(4), (2, 3, 3))
    rec = jax.vmap(reconstruct)(mats)
    print("max reconstruction error", float(jnp.abs(rec - mats).max()))
