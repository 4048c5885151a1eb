"""A plugin module imported only to write its function into another module's table."""
import jax
import jax.numpy as jnp

import plugins  # noqa: F401  (fills the table)
from registry import get


def loss(x):
    return jnp.sum(get("host")(x))  # EXPECT: JAX001


print(jax.grad(loss)(jnp.ones(3)))
