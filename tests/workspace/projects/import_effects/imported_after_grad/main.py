"""The setting is switched to the host function only after the gradient was taken."""
import jax
import jax.numpy as jnp

from config import activation


def loss(x):
    return jnp.sum(activation(x))


print(jax.grad(loss)(jnp.ones(3)))

import host_config  # noqa: E402,F401  (switches the activation, too late for the gradient)
