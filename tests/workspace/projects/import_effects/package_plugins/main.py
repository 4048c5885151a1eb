"""A package whose `__init__` imports its plugin modules; importing the package fills the table."""
import jax
import jax.numpy as jnp

import plugins  # noqa: F401  (registers the plugins)
import registry


def loss(x):
    return jnp.sum(registry.get("host")(x))  # EXPECT: JAX001


print(jax.grad(loss)(jnp.ones(3)))
