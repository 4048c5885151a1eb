from jax.experimental import io_callback
import jax.numpy as jnp
import jax


def record(value):
    io_callback(lambda v: None, None, value)
    return value
