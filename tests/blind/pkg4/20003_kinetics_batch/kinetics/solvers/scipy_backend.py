import numpy as np
import jax
from scipy.integrate import solve_ivp


def _rhs(t, y, k):
    a, b = y
    return [-k[0] * a + k[1] * b, k[0] * a - k[1] * b]


def _host_integrate(y0, k, t_end):
    sol = solve_ivp(_rhs, (0.0, float(t_end)), np.asarray(y0, dtype=np.float64),
                    args=(np.asarray(k),), rtol=1e-6)
    return sol.y[:, -1].astype(np.float32)


def integrate(y0, k, t_end, n_steps=None):
    out_type = jax.ShapeDtypeStruct(y0.shape, y0.dtype)
    return jax.pure_callback(_host_integrate, out_type, y0, k, t_end)
