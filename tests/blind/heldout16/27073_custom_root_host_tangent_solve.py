"""Implicit backward-Euler step of a stiff reaction system via lax.custom_root; LAPACK for the tangent solve."""
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax


def robertson(y, k):
    k1, k2, k3 = k
    return jnp.array([-k1 * y[0] + k3 * y[1] * y[2],
                      k1 * y[0] - k2 * y[1] ** 2 - k3 * y[1] * y[2],
                      k2 * y[1] ** 2])


def _lapack_solve(A, b):
    return np.linalg.solve(np.asarray(A), np.asarray(b)).astype(np.float32)


def host_linsolve(A, b):
    return jax.pure_callback(_lapack_solve, jax.ShapeDtypeStruct(b.shape, b.dtype), A, b,
                             vmap_method="sequential")


def newton(g, y0, iters=8):
    y = y0
    for _ in range(iters):
        y = y - jnp.linalg.solve(jax.jacfwd(g)(y), g(y))
    return y


def tangent_solve(g, rhs):
    return host_linsolve(jax.jacfwd(g)(rhs), rhs)


def be_step(y, k, h=0.01):
    F = lambda z: z - y - h * robertson(z, k)
    return lax.custom_root(F, y, newton, tangent_solve)


def trajectory_loss(log_k, y0, target):
    k = jnp.exp(log_k)
    y = y0
    for _ in range(5):
        y = be_step(y, k)
    return jnp.sum((y - target) ** 2)


y0 = jnp.array([1.0, 0.0, 0.0])
log_k = jnp.log(jnp.array([0.04, 3.0, 1.0]))
print(trajectory_loss(log_k, y0, jnp.array([0.99, 0.005, 0.005])))
print(jax.grad(trajectory_loss)(log_k, y0, jnp.array([0.99, 0.005, 0.005])))
