"""The JAX call is two helpers below the host function of an io_callback."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


def _gram(a):
    return jnp.matmul(a.T, a)  # EXPECT: JAX011


def _solve(a, b):
    return np.linalg.solve(_gram(a) + np.eye(a.shape[1]), b)


def record_solution(a, b):
    return np.asarray(_solve(np.asarray(a), np.asarray(b)), dtype=np.float32)


def step(a, b):
    out = jax.ShapeDtypeStruct((a.shape[1],), jnp.float32)
    return io_callback(record_solution, out, a, b)


print(jax.jit(step)(jnp.ones((4, 2)), jnp.ones(2)))
