"""The host function is selected, but only the forward pass calls it, outside any transform."""
import jax
import jax.numpy as jnp

import plugins  # noqa: F401  (fills the registry)
import registry

act = registry.get("host")
smooth = registry.get("smooth")


def loss(x):
    return jnp.sum(smooth(x))


print(act(jnp.ones(3)), jax.grad(loss)(jnp.ones(3)))
