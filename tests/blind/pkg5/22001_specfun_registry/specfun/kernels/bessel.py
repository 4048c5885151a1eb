import jax
import numpy as np
import scipy.special as sps

from ..registry import register


def _i0e_np(x):
    return sps.i0e(np.asarray(x)).astype(np.asarray(x).dtype)


@register("i0e")
def i0e(x):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(_i0e_np, spec, x, vmap_method="sequential")
