"""The helper the host calls is declared with `@overload` signatures before its implementation;
the host passes `exact=True`, so the implementation's `jax.scipy` branch never runs."""
from typing import Literal, overload

import jax
import jax.numpy as jnp
import jax.scipy.linalg as jsl
import numpy as np
import scipy.linalg as sl


@overload
def solve(k: np.ndarray, f: np.ndarray, *, exact: Literal[True]) -> np.ndarray: ...
@overload
def solve(k: np.ndarray, f: np.ndarray, *, exact: Literal[False]) -> np.ndarray: ...


def solve(k, f, *, exact):
    if exact:
        return sl.solve(k, f)
    return np.asarray(jsl.solve(k, f))


def host(k, f):
    return solve(np.asarray(k), np.asarray(f), exact=True).astype(np.float32)


@jax.jit
def solved(k, f):
    return jax.pure_callback(host, jax.ShapeDtypeStruct(f.shape, jnp.float32), k, f)


print(solved(2.0 * jnp.eye(2), jnp.ones(2)))
