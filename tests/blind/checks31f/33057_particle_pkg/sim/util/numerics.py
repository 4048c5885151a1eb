import numpy as np
import jax.numpy as jnp

from ..constants import BOX, EPS


def minimum_image(delta):
    return delta - BOX * np.round(delta / BOX)


def safe_distance(d):
    """Clamp distances away from zero before dividing by them."""
    return jnp.maximum(d, EPS)
