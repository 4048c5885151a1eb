"""A jitted vmap of a scan whose body writes the batched carry with an ordered io_callback."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


def _emit(c):
    return np.asarray(c, dtype=np.float32)


def rollout(x0):
    def body(c, _):
        c = 0.9 * c + 1.0
        io_callback(_emit, jax.ShapeDtypeStruct((), jnp.float32), c, ordered=True)  # EXPECT: JAX013
        return c, c

    return jax.lax.scan(body, x0, None, length=3)[1]


print(jax.jit(jax.vmap(rollout))(jnp.arange(2.0)))
