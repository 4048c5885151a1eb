"""An enum member's value as the host, the parameter's default (a member whose host computes
with `jnp`) overridden by the caller with the NumPy-only member."""
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


def summarise(x, mode=Summary.MEDIAN):
    return jax.pure_callback(mode.value, jax.ShapeDtypeStruct((), jnp.float32), x)


print(jax.jit(lambda x: summarise(x, Summary.MEAN))(jnp.arange(5.0)))
