import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

_CALLS = {"n": 0}


def _bump(tick):
    _CALLS["n"] += int(tick)
    return np.int32(_CALLS["n"])


def count_call():
    return io_callback(_bump, jax.ShapeDtypeStruct((), jnp.int32), jnp.int32(1))
