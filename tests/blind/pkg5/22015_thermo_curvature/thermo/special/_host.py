import jax
import numpy as np
from scipy import special


def _cb(fn, x):
    return jax.pure_callback(lambda a: np.asarray(fn(a), dtype=a.dtype),
                             jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="sequential")


def gammaln(x):
    return _cb(special.gammaln, x)


def digamma(x):
    return _cb(special.digamma, x)
