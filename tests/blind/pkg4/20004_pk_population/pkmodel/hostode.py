import numpy as np
import jax
from scipy.integrate import odeint


def _odeint_host(k, dose, ts):
    rhs = lambda c, t: -float(k) * c
    return odeint(rhs, float(dose), np.asarray(ts)).ravel().astype(np.float32)


def curve(k, dose, ts):
    return jax.pure_callback(_odeint_host, jax.ShapeDtypeStruct(ts.shape, ts.dtype), k, dose, ts)
