"""Truss stiffness solve: an overloaded helper picks the linear solver used on the host."""
from typing import Literal, overload

import jax
import jax.numpy as jnp
import jax.scipy.linalg as jsl
import numpy as np
import scipy.linalg as sl
from pydantic import BaseModel, ConfigDict


class SolverSettings(BaseModel):
    model_config = ConfigDict(frozen=True)
    exact: bool = True
    regularise: float = 1e-6


@overload
def solve_system(k: np.ndarray, f: np.ndarray, *, exact: Literal[True]) -> np.ndarray: ...
@overload
def solve_system(k: np.ndarray, f: np.ndarray, *, exact: Literal[False]) -> np.ndarray: ...
@overload
def solve_system(k: np.ndarray, f: np.ndarray, *, exact: bool) -> np.ndarray: ...


def solve_system(k, f, *, exact):
    if exact:
        return sl.solve(k, f, assume_a="pos")
    # fast path borrowed from the device code
    return np.asarray(jsl.solve(k, f, assume_a="pos"))


def assemble(stiff: np.ndarray, reg: float) -> np.ndarray:
    n = stiff.shape[0]
    k = np.zeros((n + 1, n + 1), dtype=np.float32)
    for i, s in enumerate(stiff):
        k[i:i + 2, i:i + 2] += s * np.array([[1, -1], [-1, 1]], dtype=np.float32)
    return k[1:, 1:] + reg * np.eye(n, dtype=np.float32)


def make_host(settings: SolverSettings):
    def host(stiff, load):
        stiff = np.asarray(stiff)
        load = np.asarray(load)
        k = assemble(stiff, settings.regularise)
        u = solve_system(k, load, exact=settings.exact)
        return u.astype(np.float32)
    return host


@jax.jit
def displacements(stiff: jax.Array, load: jax.Array) -> jax.Array:
    settings = SolverSettings(**{"regularise": 1e-5})
    out = jax.ShapeDtypeStruct(load.shape, jnp.float32)
    return jax.pure_callback(make_host(settings), out, stiff, load)


if __name__ == "__main__":
    stiff = jnp.array([200.0, 150.0, 120.0, 90.0], dtype=jnp.float32)
    load = jnp.array([0.0, 0.0, 0.0, 10.0], dtype=jnp.float32)
    u = displacements(stiff, load)
    print(np.round(np.asarray(u), 4))
