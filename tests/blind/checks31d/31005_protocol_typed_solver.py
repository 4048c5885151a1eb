"""Implicit step whose linear solve is delegated to a pluggable host solver."""
from functools import partial
from typing import Protocol

import jax
import jax.numpy as jnp
import jax.scipy.linalg as jsl
import numpy as np


class LinearSolver(Protocol):
    def solve(self, a: np.ndarray, b: np.ndarray) -> np.ndarray: ...


class CholeskySolver:
    def solve(self, a, b):
        c = jsl.cho_factor(a)
        return np.asarray(jsl.cho_solve(c, b))


def host_solve(a, b, solver: LinearSolver):
    a = np.asarray(a)
    b = np.asarray(b)
    return solver.solve(a, b).astype(b.dtype)


def implicit_euler(a, u, dt, solver: LinearSolver):
    lhs = jnp.eye(a.shape[0]) + dt * a
    return jax.pure_callback(partial(host_solve, solver=solver),
                             jax.ShapeDtypeStruct(u.shape, u.dtype), lhs, u)


@partial(jax.jit, static_argnums=(3,))
def integrate(a, u0, dt, solver):
    return jax.lax.fori_loop(0, 3, lambda i, u: implicit_euler(a, u, dt, solver), u0)


if __name__ == "__main__":
    A = jnp.array([[2.0, -1.0], [-1.0, 2.0]])
    print(integrate(A, jnp.array([1.0, 0.0]), 0.1, CholeskySolver()))
