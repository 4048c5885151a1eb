import numpy as onp
import jax
from jax.numpy import *


def host_softplus(z):
    z = onp.asarray(z)
    return onp.asarray(log1p(exp(z)))


def smooth(x):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(host_softplus, spec, x, vmap_method="sequential")


xs = linspace(-1.0, 1.0, 5)
print(jax.jit(smooth)(xs))
print(jax.vmap(smooth)(xs.reshape(5, 1)))
