import jax
import jax.numpy as jnp
from jax.experimental import io_callback

from .sensors import read_sensor

A = jnp.array([[0.9, 0.1], [0.0, 0.95]])
GAIN = 0.5


def _step(x, _):
    y = io_callback(read_sensor, jax.ShapeDtypeStruct(x.shape, jnp.float32), x)
    x_next = A @ x + GAIN * (y - x)
    return x_next, y


@jax.jit
def simulate(x0):
    return jax.lax.scan(_step, x0, None, length=5)
