"""An io_callback's host function calls a jitted function."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


@jax.jit
def normalise(v):
    return v / jnp.linalg.norm(v)


def log_direction(v):
    d = normalise(v)  # EXPECT: JAX011
    print("direction", np.asarray(d))
    return np.asarray(d, dtype=np.float32)


def update(v):
    return io_callback(log_direction, jax.ShapeDtypeStruct(v.shape, jnp.float32), v)


print(update(jnp.array([3.0, 4.0])))
