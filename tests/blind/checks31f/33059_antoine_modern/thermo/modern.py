import jax
import jax.numpy as jnp

from . import settings
from .hosts import antoine_mmhg


def vapour_pressure(temp_c, species_index):
    spec = jax.ShapeDtypeStruct(jnp.shape(temp_c), jnp.float32)
    return jax.pure_callback(antoine_mmhg, spec, temp_c, species_index,
                             vmap_method=settings.VMAP_METHOD)
