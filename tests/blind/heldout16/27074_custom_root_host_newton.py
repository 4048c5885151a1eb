"""Implicit Euler for a stiff ODE with the Newton solve done by SciPy (fsolve) inside lax.custom_root."""
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from scipy.optimize import fsolve


def rhs(y, lam):
    return jnp.array([-lam * (y[0] - jnp.cos(y[1])), -0.5 * y[1]])


def host_root(g, y0):
    def _np_solve(y_init, y_prev, lam):
        f = lambda z: np.asarray(z - y_prev - 0.1 * np.array(
            [-lam * (z[0] - np.cos(z[1])), -0.5 * z[1]]))
        return fsolve(f, np.asarray(y_init)).astype(np.float32)
    return _np_solve


def implicit_step(y_prev, lam, h=0.1):
    F = lambda z: z - y_prev - h * rhs(z, lam)

    def solve(g, z0):
        cb = host_root(g, z0)
        return jax.pure_callback(cb, jax.ShapeDtypeStruct(z0.shape, z0.dtype), z0, y_prev, lam)

    def tangent_solve(g, v):
        return jnp.linalg.solve(jax.jacfwd(g)(v), v)

    return lax.custom_root(F, y_prev, solve, tangent_solve)


def loss(lam, y0):
    y = y0
    for _ in range(6):
        y = implicit_step(y, lam)
    return jnp.sum(y ** 2)


y0 = jnp.array([2.0, 1.0])
print(loss(50.0, y0), jax.grad(loss)(50.0, y0), jax.grad(loss, argnums=1)(50.0, y0))
