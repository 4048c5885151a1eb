"""Tabulated equation of state: pressure looked up on the host from a dense table."""
from functools import partial
import numpy as np
import jax
import jax.numpy as jnp

RHO = np.linspace(0.1, 2.0, 64)
PRESSURE = RHO ** 1.4 + 0.05 * np.sin(8 * RHO)


def eos_lookup(rho):
    r = np.asarray(rho)
    return np.interp(r, RHO, PRESSURE).astype(r.dtype)


_eos = partial(jax.pure_callback, eos_lookup, vectorized=True)


def eos_lookup(rho, **_legacy):
    r = np.asarray(rho)
    return np.interp(r, RHO, PRESSURE).astype(r.dtype)


def pressure(rho):
    return _eos(jax.ShapeDtypeStruct(rho.shape, rho.dtype), rho)


def sound_speed_proxy(rho):
    p = pressure(rho)
    return jnp.sqrt(jnp.maximum(1.4 * p / rho, 0.0))


@jax.jit
def flux(rho, u):
    return rho * u ** 2 + pressure(rho)


if __name__ == "__main__":
    rho = jnp.linspace(0.2, 1.8, 5, dtype=jnp.float32)
    u = jnp.full_like(rho, 0.3)
    print("flux:", np.round(np.asarray(flux(rho, u)), 4))
    print("c:", np.round(np.asarray(sound_speed_proxy(rho)), 4))
