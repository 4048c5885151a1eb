"""The module star-imports jax.numpy: a bare `tanh` in the host is JAX's."""
import jax
import numpy as np
from jax.numpy import *


def host_tanh(z):
    return np.asarray(tanh(np.asarray(z)))  # EXPECT: JAX011


def squash(x):
    return jax.pure_callback(host_tanh, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


print(jax.jit(squash)(linspace(-1.0, 1.0, 3)))
