import jax
import numpy as np
from scipy import special


def _call(fn, x):
    out = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(lambda a: fn(a).astype(a.dtype), out, x,
                             vmap_method="broadcast_all")


def host_i0e(x):
    return _call(special.i0e, x)


def host_i1e(x):
    return _call(special.i1e, x)
