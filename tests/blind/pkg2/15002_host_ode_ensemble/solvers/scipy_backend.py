import numpy as np
from scipy.integrate import solve_ivp
import jax
import jax.numpy as jnp

__all__ = ["integrate_to"]

_T_END = 2.0


def _solve(y0, rhs):
    sol = solve_ivp(lambda t, y: rhs(y), (0.0, _T_END), np.asarray(y0, dtype=np.float64),
                    rtol=1e-6, atol=1e-9)
    return sol.y[:, -1].astype(y0.dtype)


def integrate_to(y0, rhs):
    spec = jax.ShapeDtypeStruct(y0.shape, y0.dtype)
    return jax.pure_callback(lambda y: _solve(y, rhs), spec, y0)
