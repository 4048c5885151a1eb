import time

import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

HITS = []


def _stamp(layer_count):
    HITS.append((int(layer_count), time.perf_counter()))
    return np.float32(0.0)


def profile_point(n_layers):
    return io_callback(_stamp, jax.ShapeDtypeStruct((), jnp.float32), n_layers)
