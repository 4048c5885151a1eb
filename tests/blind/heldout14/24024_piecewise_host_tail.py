"""Piecewise drag coefficient for a sphere: Stokes regime analytic, the
transitional regime read from an experimental table with scipy's
PCHIP interpolator on the host."""
import jax
import jax.numpy as jnp
import numpy as np
from scipy.interpolate import PchipInterpolator

RE_TAB = np.array([1.0, 10.0, 100.0, 1e3, 1e4, 1e5])
CD_TAB = np.array([26.5, 4.1, 1.07, 0.47, 0.40, 0.47])
_pchip = PchipInterpolator(np.log10(RE_TAB), np.log10(CD_TAB))


def _cd_table(re):
    re = np.clip(np.asarray(re, np.float64), 1.0, 1e5)
    return (10.0 ** _pchip(np.log10(re))).astype(np.float32)


def cd_from_table(re):
    return jax.pure_callback(_cd_table, jax.ShapeDtypeStruct(re.shape, re.dtype), re)


def drag_coefficient(re):
    return jnp.piecewise(
        re,
        [re < 1.0, re >= 1.0],
        [lambda r: 24.0 / r, cd_from_table],
    )


if __name__ == "__main__":
    reynolds = jnp.array([0.2, 5.0, 300.0, 5e4])
    print(drag_coefficient(reynolds))
