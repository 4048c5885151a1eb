import jax.numpy as jnp

__all__ = ["box_smooth"]


def box_smooth(signal, width):
    return jnp.convolve(signal, jnp.ones(width) / width, mode="same")
