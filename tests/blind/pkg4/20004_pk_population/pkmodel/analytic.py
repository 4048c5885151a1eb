import jax.numpy as jnp


def curve(k, dose, ts):
    return dose * jnp.exp(-k * ts)
