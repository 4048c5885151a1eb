import jax.numpy as jnp

from .activations import softplus


def logistic_nll(beta, X, y, l2=1e-2):
    z = X @ beta
    return jnp.sum(softplus(z) - y * z) + 0.5 * l2 * jnp.sum(beta ** 2)
