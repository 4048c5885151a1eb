"""An ordered io_callback under vmap on an unbatched value (a closed-over config) runs."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

SCALE = jnp.float32(2.0)


def _read_scale(s):
    return np.asarray(s, dtype=np.float32)


def scaled(x):
    s = io_callback(_read_scale, jax.ShapeDtypeStruct((), jnp.float32), SCALE, ordered=True)
    return s * x


print(jax.vmap(scaled)(jnp.arange(3.0)))
