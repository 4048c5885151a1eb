"""Opacity lookup for a grid of stellar models; the host interpolator is vectorised,
and the callback declares how to batch it."""
import jax
import jax.numpy as jnp
import numpy as np
from scipy.interpolate import RegularGridInterpolator

logT = np.linspace(3.5, 7.0, 15)
logR = np.linspace(-9.0, 0.0, 10)
TT, RR = np.meshgrid(logT, logR, indexing="ij")
_interp = RegularGridInterpolator((logT, logR), (0.5 * RR - 3.5 * (TT - 4.0) + 1.0))


def _kappa_host(lt, lr):
    lt, lr = np.broadcast_arrays(np.asarray(lt), np.asarray(lr))
    return _interp(np.stack([lt, lr], -1)).astype(np.float32)


def log_opacity(log_temp, log_rho):
    shape = jnp.broadcast_shapes(jnp.shape(log_temp), jnp.shape(log_rho))
    return jax.pure_callback(_kappa_host, jax.ShapeDtypeStruct(shape, jnp.float32),
                             log_temp, log_rho, vmap_method="broadcast_all")


@jax.jit
def photon_mfp(log_temp, log_rho):
    return 1.0 / (10.0 ** log_opacity(log_temp, log_rho) * 10.0 ** log_rho)


temps = jnp.linspace(4.0, 6.5, 6)
rhos = jnp.linspace(-6.0, -2.0, 4)
grid = jax.vmap(jax.vmap(photon_mfp, in_axes=(None, 0)), in_axes=(0, None))(temps, rhos)
print(grid.shape, grid[0])
