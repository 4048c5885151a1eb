import numpy as np
from scipy.interpolate import RegularGridInterpolator
import jax
import jax.numpy as jnp

from ..tables import TABLES

_CACHE = {}


def _interp(name):
    if name not in _CACHE:
        rho, T, P = TABLES[name]
        _CACHE[name] = RegularGridInterpolator((rho, T), P)
    return _CACHE[name]


def table_lookup(rho, T, name="ideal"):
    def host(r, t):
        pts = np.stack([np.atleast_1d(r), np.atleast_1d(t)], axis=-1)
        return _interp(name)(pts).reshape(np.shape(r)).astype(np.float32)

    out = jax.ShapeDtypeStruct(jnp.shape(rho), jnp.float32)
    return jax.pure_callback(host, out, rho, T)
