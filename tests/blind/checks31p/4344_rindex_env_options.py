"""Host lookup of tabulated refractive indices; batching behaviour configurable from the environment."""
import os

import jax
import jax.numpy as jnp
import numpy as np

_WL = np.array([400.0, 500.0, 600.0, 700.0])
_N = np.array([1.530, 1.521, 1.516, 1.513])

CALLBACK_OPTIONS = {}
if os.environ.get("RINDEX_VECTORIZED", "1") == "1":
    CALLBACK_OPTIONS["vectorized"] = True


def host_index(wavelength_nm):
    wl = np.asarray(wavelength_nm, dtype=np.float64)
    return np.interp(wl, _WL, _N).astype(np.float32)


def refractive_index(wl):
    return jax.pure_callback(host_index, jax.ShapeDtypeStruct(wl.shape, jnp.float32), wl,
                             **CALLBACK_OPTIONS)


@jax.jit
def snell_angle(theta_in, wl):
    n = refractive_index(wl)
    return jnp.arcsin(jnp.sin(theta_in) / n)


if __name__ == "__main__":
    wl = jnp.array([450.0, 550.0, 650.0])
    print(np.round(np.asarray(snell_angle(0.5, wl)), 4))
