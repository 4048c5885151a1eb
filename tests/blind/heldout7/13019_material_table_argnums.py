"""Heat flux through a slab: conductivity k(T_ref) comes from a NIST-style table on the host.
Only the geometry is differentiated; the temperature argument stays out of argnums."""
import jax
import jax.numpy as jnp
import numpy as np

_T = np.array([200.0, 250.0, 300.0, 350.0, 400.0, 500.0])
_k = np.array([0.018, 0.022, 0.026, 0.030, 0.034, 0.040])


def conductivity(T):
    return jax.pure_callback(lambda t: np.interp(t, _T, _k).astype(np.float32),
                             jax.ShapeDtypeStruct((), jnp.float32), T)


def heat_flux(thickness, area, T_ref, dT=20.0):
    return conductivity(T_ref) * area * dT / thickness


flux_sens = jax.jit(jax.grad(heat_flux, argnums=(0, 1)))
print(heat_flux(0.05, 2.0, 310.0))
print(flux_sens(0.05, 2.0, 310.0))
print(jax.jacfwd(heat_flux, argnums=1)(0.05, 2.0, 310.0))
