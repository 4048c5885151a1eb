import jax.numpy as jnp

__all__ = ["box_smooth"]


def box_smooth(signal, width):
    window = jnp.ones(width) / width
    return jnp.convolve(signal, window, mode="same")
