"""An enum member looked up by name as the host, the name's default (a member computing with
`jnp`) overridden by the caller with the NumPy-only member's name."""
import enum
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def _host_mean(v):
    return np.float32(np.mean(np.asarray(v)))


def _host_median(v):
    return np.float32(jnp.median(np.asarray(v)))


class Summary(enum.Enum):
    MEAN = partial(_host_mean)
    MEDIAN = partial(_host_median)


def summarise(x, name="MEDIAN"):
    host = Summary[name].value
    return jax.pure_callback(host, jax.ShapeDtypeStruct((), jnp.float32), x)


print(jax.jit(lambda x: summarise(x, name="MEAN"))(jnp.arange(5.0)))
