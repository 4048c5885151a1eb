import jax
import jax.numpy as jnp

from sensorlib import *
from settings import CHANNEL_AXES


def sweep(gains, offsets):
    return jax.vmap(read_channel, in_axes=CHANNEL_AXES)(gains, offsets)


def calibration_error(readings, target=20.0):
    return jnp.mean((readings - target) ** 2)
