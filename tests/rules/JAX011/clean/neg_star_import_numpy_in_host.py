"""The module star-imports NumPy (jax.numpy only by name): a bare `tanh` in the host is
NumPy's."""
import jax
import jax.numpy as jnp
from numpy import *


def host_tanh(z):
    return asarray(tanh(asarray(z)))


def squash(x):
    return jax.pure_callback(host_tanh, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


print(jax.jit(squash)(jnp.linspace(-1.0, 1.0, 3)))
