import numpy as np
import jax

_TT = np.linspace(220.0, 340.0, 25)
_LOGP = 9.0 - 2100.0 / _TT


def _host_p(t):
    return np.exp(np.interp(np.asarray(t), _TT, _LOGP)).astype(np.float32)


def _host_slope(t):
    t = np.asarray(t)
    return (_host_p(t) * 2100.0 / t**2).astype(np.float32)


def vapour_pressure_raw(t):
    return jax.pure_callback(_host_p, jax.ShapeDtypeStruct(t.shape, t.dtype), t, vmap_method="sequential")


def vapour_slope_raw(t):
    return jax.pure_callback(_host_slope, jax.ShapeDtypeStruct(t.shape, t.dtype), t, vmap_method="sequential")
