"""A host taking `**ufunc_kwargs` hands them on to a SciPy ufunc, which refuses `vectorized`:
the keyword JAX passes on fails there (`wofz() got an unexpected keyword argument`)."""
import jax
import jax.numpy as jnp
import numpy as np
from scipy import special


def faddeeva_real(z_re, z_im, **ufunc_kwargs):
    z = np.asarray(z_re, np.float64) + 1j * np.asarray(z_im, np.float64)
    return special.wofz(z, **ufunc_kwargs).real.astype(np.float32)


def voigt(x, y):
    spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(faddeeva_real, spec, x, y, vectorized=True)  # EXPECT: JAX012


print(jax.jit(voigt)(jnp.linspace(-1.0, 1.0, 3), jnp.full(3, 0.2)))
