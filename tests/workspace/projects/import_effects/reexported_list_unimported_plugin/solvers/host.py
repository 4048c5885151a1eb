import jax
import numpy as np

from .base import register


@register
def host_step(x):
    return jax.pure_callback(lambda v: np.cbrt(np.asarray(v)), jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="sequential")
