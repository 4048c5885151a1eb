import jax
import numpy as np
import scipy.special as sc

CALL = lambda f, x: jax.pure_callback(
    lambda a: np.asarray(f(a), a.dtype), jax.ShapeDtypeStruct(x.shape, x.dtype), x,
    vmap_method="sequential")


def host_lgamma(x):
    return CALL(sc.gammaln, x)


def host_psi(x):
    return CALL(sc.digamma, x)


def host_trigamma(x):
    return CALL(lambda a: sc.polygamma(1, a), x)
