import jax
import jax.numpy as jnp

from .base import SOLVERS


def solve(x):
    which = (jnp.max(x) > 10.0).astype(jnp.int32)
    return jax.lax.switch(which, SOLVERS, x)
