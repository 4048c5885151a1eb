import jax
import jax.numpy as jnp
from jax.experimental import io_callback

from . import hosts


def denoise(signal, gain):
    spec = jax.ShapeDtypeStruct(signal.shape, jnp.float32)
    smooth = io_callback(hosts.smooth_on_host, spec, signal)
    return gain * smooth + (1.0 - gain) * signal
