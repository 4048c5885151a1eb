import numpy as np
from scipy.interpolate import CubicSpline
import jax

_X = np.linspace(0.0, 5.0, 11)
_SPLINE = CubicSpline(_X, np.exp(-_X) * np.cos(2 * _X))


def spline_baseline(x):
    def cb(v):
        return _SPLINE(v).astype(v.dtype)
    return jax.pure_callback(cb, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="broadcast_all")
