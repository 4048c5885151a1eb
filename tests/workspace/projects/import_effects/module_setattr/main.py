"""A module imported for its effect replaces a setting of another module."""
import jax
import jax.numpy as jnp

import host_config  # noqa: F401  (switches the activation to the host one)
from config import activation


def loss(x):
    return jnp.sum(activation(x))  # EXPECT: JAX001


print(jax.grad(loss)(jnp.ones(3)))
