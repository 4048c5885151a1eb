# shape from: facebookresearch/fmmax#139 (eigensolve callback written before jax 0.4.35)
"""Eigendecomposition on the host for matrices that jnp.linalg.eig cannot handle in jit."""
import functools

import jax
import jax.numpy as jnp
import numpy as onp

_EIG_DTYPE = jnp.complex64


def _eig_host(matrix):
    matrix = onp.asarray(matrix)
    eigval, eigvec = onp.linalg.eig(matrix)
    return eigval.astype(onp.complex64), eigvec.astype(onp.complex64)


def _eig_shapes(matrix):
    return (jax.ShapeDtypeStruct(matrix.shape[:-1], _EIG_DTYPE),
            jax.ShapeDtypeStruct(matrix.shape, _EIG_DTYPE))


def eig_host(matrix):
    """Batched eig; the NumPy routine broadcasts over leading axes."""
    matrix = matrix.astype(_EIG_DTYPE)
    return jax.pure_callback(_eig_host, _eig_shapes(matrix), matrix, vectorized=True)


@functools.partial(jax.jit, static_argnames=("num_modes",))
def leading_modes(matrix, num_modes=2):
    eigval, eigvec = eig_host(matrix)
    order = jnp.argsort(-jnp.abs(eigval), axis=-1)[..., :num_modes]
    return jnp.take_along_axis(eigval, order, axis=-1)


if __name__ == "__main__":
    m = jax.random.normal(jax.random.key(7), (3, 4, 4))
    print(leading_modes(m))
