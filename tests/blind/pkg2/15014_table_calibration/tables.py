import numpy as np
import jax
import jax.numpy as jnp
from hostutils import host_call

_T_GRID = np.linspace(200.0, 400.0, 21)
_CP_GRID = 1000.0 + 0.2 * (_T_GRID - 300.0) + 1e-3 * (_T_GRID - 300.0) ** 2


def _table_cp(T):
    def lookup(t):
        return np.interp(t, _T_GRID, _CP_GRID).astype(t.dtype)
    return host_call(lookup, jax.ShapeDtypeStruct(T.shape, T.dtype), T)


def _polynomial_cp(T):
    return 1000.0 + 0.2 * (T - 300.0) + 1e-3 * (T - 300.0) ** 2


def heat_capacity(T):
    # fall back to the tabulated data only outside the fitted range
    outside = jnp.any((T < 220.0) | (T > 380.0))
    return jax.lax.cond(outside, _table_cp, _polynomial_cp, T)
