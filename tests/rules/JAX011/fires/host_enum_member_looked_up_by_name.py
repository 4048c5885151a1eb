"""The host function is the value of the enum member looked up by name (`Summary[name]`),
the name a parameter's default; the member found computes with `jnp`."""
import enum
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def _host_mean(v):
    return np.float32(np.mean(np.asarray(v)))


def _host_median(v):
    return np.float32(jnp.median(np.asarray(v)))  # EXPECT: JAX011


class Summary(enum.Enum):
    MEAN = partial(_host_mean)
    MEDIAN = partial(_host_median)


def summarise(x, name="MEDIAN"):
    host = Summary[name].value
    return jax.pure_callback(host, jax.ShapeDtypeStruct((), jnp.float32), x)


print(jax.jit(summarise)(jnp.arange(5.0)))
