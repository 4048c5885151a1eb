"""Implicit differentiation of a host LU solve with lax.custom_linear_solve:
the factorisation runs in scipy, the operator is plain JAX."""
import jax
import jax.numpy as jnp
import numpy as np
import scipy.linalg as sla
from jax import lax


def _host_lu_solve(A, b):
    lu, piv = sla.lu_factor(np.asarray(A, np.float64))
    return sla.lu_solve((lu, piv), np.asarray(b, np.float64)).astype(np.float32)


def _host_lu_solve_T(A, b):
    return _host_lu_solve(np.asarray(A).T, b)


def make_system(theta):
    base = jnp.array([[4.0, 1.0, 0.0], [0.5, 3.0, 1.0], [0.0, 1.0, 2.0]])
    return base + theta * jnp.eye(3)


def linsolve(theta, b):
    A = make_system(theta)
    A_host = lax.stop_gradient(A)
    out = jax.ShapeDtypeStruct(b.shape, b.dtype)
    solve = lambda mv, r: jax.pure_callback(_host_lu_solve, out, A_host, r)
    tsolve = lambda mv, r: jax.pure_callback(_host_lu_solve_T, out, A_host, r)
    return lax.custom_linear_solve(lambda v: A @ v, b, solve, transpose_solve=tsolve)


def loss(theta, b):
    x = linsolve(theta, b)
    return jnp.sum(x**2)


if __name__ == "__main__":
    b = jnp.array([1.0, 2.0, 3.0])
    val, (dtheta, db) = jax.value_and_grad(loss, argnums=(0, 1))(0.3, b)
    print(val, dtheta, db)
    # forward-mode check
    print(jax.jvp(lambda t: loss(t, b), (0.3,), (1.0,)))
