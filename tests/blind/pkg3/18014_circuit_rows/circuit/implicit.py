import jax
import jax.numpy as jnp

from .host import host_solve


@jax.custom_vjp
def linear_solve(A, b):
    return host_solve(A, b)


def _fwd(A, b):
    x = host_solve(A, b)
    return x, (A, x)


def _bwd(res, g):
    A, x = res
    lam = host_solve(A, g, transposed=True)
    return -jnp.outer(lam, x), lam


linear_solve.defvjp(_fwd, _bwd)
