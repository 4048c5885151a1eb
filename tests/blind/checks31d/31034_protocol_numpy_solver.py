"""A Protocol for solvers: the host one uses SciPy, the JAX one runs traced."""
from typing import Protocol

import jax
import jax.numpy as jnp
import jax.scipy.linalg as jsl
import numpy as np
import scipy.linalg as sla


class Solver(Protocol):
    def __call__(self, a, b): ...


class HostLU:
    def __call__(self, a, b):
        a, b = np.asarray(a), np.asarray(b)
        return sla.lu_solve(sla.lu_factor(a), b).astype(b.dtype)


class DeviceLU:
    def __call__(self, a, b):
        return jsl.lu_solve(jsl.lu_factor(a), b)


def solve_with(solver: Solver, a, b, on_host: bool):
    if on_host:
        return jax.pure_callback(solver, jax.ShapeDtypeStruct(b.shape, b.dtype), a, b)
    return solver(a, b)


@jax.jit
def both(a, b):
    return solve_with(HostLU(), a, b, True) - solve_with(DeviceLU(), a, b, False)


if __name__ == "__main__":
    A = jnp.array([[4.0, 1.0], [2.0, 3.0]])
    print(both(A, jnp.array([1.0, 2.0])))
