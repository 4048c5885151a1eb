"""An io_callback inside a grad'ed loss only receives an integer step counter (no tangent)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

SCHEDULE = {0: 1.0, 1: 0.5, 2: 0.25}


def host_lr_scale(step):
    return np.asarray(SCHEDULE.get(int(step), 0.1), dtype=np.float32)


def loss(w, step):
    scale = io_callback(host_lr_scale, jax.ShapeDtypeStruct((), jnp.float32), step)
    return scale * jnp.sum(w ** 2)


w = jnp.array([1.0, -1.0])
for step in range(3):
    w = w - 0.1 * jax.grad(loss)(w, jnp.int32(step))
print(w)
