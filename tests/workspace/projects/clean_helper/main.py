"""The helper module stops the gradient before its host call: grad runs, nothing to report."""
import jax
import jax.numpy as jnp

from helpers import host_weight


def loss(x):
    return host_weight(x) * jnp.sum(x**2)


print(jax.grad(loss)(jnp.ones(2)))
