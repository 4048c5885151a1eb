# pattern re-expressed from jax-ml/jax#5934 (a device function used inside the host function)
"""Tabulated equation of state looked up on the host, returned as a jax array."""
import jax
import jax.numpy as jnp
import numpy as np

_T_GRID = np.linspace(200.0, 400.0, 11)
_P_GRID = 101325.0 * np.exp((_T_GRID - 373.15) / 30.0)


def vapour_pressure_table(temps):
    temps = np.asarray(temps)
    p = np.interp(temps, _T_GRID, _P_GRID)
    return jnp.asarray(p, dtype=temps.dtype)


def vapour_pressure(temps):
    return jax.pure_callback(vapour_pressure_table,
                             jax.ShapeDtypeStruct(temps.shape, temps.dtype),
                             temps, vmap_method="expand_dims")


@jax.jit
def relative_humidity(temps, partial_p):
    return partial_p / vapour_pressure(temps)


if __name__ == "__main__":
    T = jnp.array([[290.0, 300.0], [310.0, 320.0]])
    pp = jnp.full((2, 2), 1500.0)
    print(jax.vmap(relative_humidity)(T, pp))
