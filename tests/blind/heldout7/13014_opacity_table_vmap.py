"""Rosseland mean opacity from a tabulated (log T, log rho) grid, interpolated on the
host with scipy's RegularGridInterpolator, evaluated for a batch of stellar models."""
import jax
import jax.numpy as jnp
import numpy as np
from scipy.interpolate import RegularGridInterpolator

logT = np.linspace(3.5, 7.0, 15)
logR = np.linspace(-9.0, 0.0, 10)
TT, RR = np.meshgrid(logT, logR, indexing="ij")
table = (0.5 * RR - 3.5 * (TT - 4.0) + 1.0).astype(np.float32)
_interp = RegularGridInterpolator((logT, logR), table)


def _kappa_host(lt, lr):
    pts = np.stack([np.asarray(lt), np.asarray(lr)], -1)
    return _interp(pts).reshape(np.shape(lt)).astype(np.float32)


def log_opacity(log_temp, log_rho):
    out = jax.ShapeDtypeStruct(jnp.shape(log_temp), jnp.float32)
    return jax.pure_callback(_kappa_host, out, log_temp, log_rho)


@jax.jit
def photon_mfp(log_temp, log_rho):
    kappa = 10.0 ** log_opacity(log_temp, log_rho)
    return 1.0 / (kappa * 10.0 ** log_rho)


print(photon_mfp(5.0, -4.0))
temps = jnp.linspace(4.0, 6.5, 6)
rhos = jnp.linspace(-6.0, -2.0, 6)
print(jax.vmap(photon_mfp)(temps, rhos))
