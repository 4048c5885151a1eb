"""Classes registered by a class decorator of a module imported for that; one is instantiated."""
import jax
import jax.numpy as jnp

import layers  # noqa: F401  (registers the layers)
from registry import get

layer = get("host")()


def loss(x):
    return jnp.sum(layer(x))  # EXPECT: JAX001


print(jax.grad(loss)(jnp.ones(3)))
