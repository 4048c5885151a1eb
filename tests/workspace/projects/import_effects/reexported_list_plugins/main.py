"""A package's `__init__` re-exports its solver modules; each registers itself into a list as it
runs, and a switch in another module of the package differentiates every solver listed."""
import jax
import jax.numpy as jnp

from solvers import solve


def loss(x):
    return jnp.sum(solve(x))  # EXPECT: JAX001


print(jax.grad(loss)(jnp.ones(3)))
