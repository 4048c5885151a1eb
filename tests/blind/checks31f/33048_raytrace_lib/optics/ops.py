import jax
import jax.numpy as jnp

from .glass import sellmeier_index
from .spec import DEFAULT_SPEC


def refractive_index(wavelength_um, spec=DEFAULT_SPEC):
    out = jax.ShapeDtypeStruct(jnp.shape(wavelength_um), jnp.float32)
    return jax.pure_callback(sellmeier_index, out, wavelength_um, **spec.as_kwargs())
