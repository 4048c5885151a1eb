import functools

import jax
import jax.numpy as jnp
import numpy as np

from .rk4 import rk4


def _host_solve(y0, k, *, rhs, h, steps):
    y0 = np.asarray(y0)
    k = np.asarray(k)
    return rk4(rhs, y0, k, h, steps).astype(np.float32)


def make_integrator(rhs, h=0.05, steps=20):
    host = functools.partial(_host_solve, rhs=rhs, h=h, steps=steps)

    def integrate(y0, k):
        shape = jax.ShapeDtypeStruct(y0.shape, jnp.float32)
        return jax.pure_callback(host, shape, y0, k)

    return integrate
