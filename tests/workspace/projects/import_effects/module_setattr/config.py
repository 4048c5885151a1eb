"""Settings other modules may replace."""
import jax.numpy as jnp

ACTIVATION = jnp.tanh


def activation(x):
    return ACTIVATION(x)
