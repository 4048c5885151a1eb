"""The host takes a `Protocol`-typed solver bound with `functools.partial`; the solver the
module passes computes with `jax.scipy`."""
from functools import partial
from typing import Protocol

import jax
import jax.numpy as jnp
import jax.scipy.linalg as jsl
import numpy as np


class Solver(Protocol):
    def solve(self, a: np.ndarray, b: np.ndarray) -> np.ndarray: ...


class CholeskySolver:
    def solve(self, a, b):
        return np.asarray(jsl.cho_solve(jsl.cho_factor(a), b))  # EXPECT: JAX011


def host_solve(a, b, solver: Solver):
    return solver.solve(np.asarray(a), np.asarray(b)).astype(np.float32)


def step(a, u, solver: Solver):
    return jax.pure_callback(partial(host_solve, solver=solver),
                             jax.ShapeDtypeStruct(u.shape, jnp.float32), a, u)


@partial(jax.jit, static_argnums=(2,))
def run(a, u, solver):
    return step(a, u, solver)


print(run(jnp.eye(2) * 2.0, jnp.ones(2), CholeskySolver()))
