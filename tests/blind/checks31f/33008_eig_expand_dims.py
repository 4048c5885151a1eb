# shape from: facebookresearch/fmmax#136 (eigensolve callback migrated to vmap_method)
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


def eig_host(matrix):
    """Batched eig; the NumPy routine broadcasts over leading axes."""
    matrix = matrix.astype(_EIG_DTYPE)
    shapes = jax.eval_shape(lambda m: (m[..., 0], m), matrix)
    return jax.pure_callback(_eig_host, shapes, matrix, vmap_method="expand_dims")


@functools.partial(jax.jit, static_argnames=("num_modes",))
def leading_modes(matrix, num_modes=2):
    eigval, _ = jax.vmap(eig_host)(matrix)
    order = jnp.argsort(-jnp.abs(eigval), axis=-1)[..., :num_modes]
    return jnp.take_along_axis(eigval, order, axis=-1)


if __name__ == "__main__":
    m = jax.random.normal(jax.random.key(7), (3, 4, 4))
    print(leading_modes(m))
