import jax
import numpy as np
from scipy.special import log_ndtr as _log_ndtr


def _eval(z):
    return _log_ndtr(np.asarray(z)).astype(np.float32)


def log_cdf(z):
    return jax.pure_callback(_eval, jax.ShapeDtypeStruct(z.shape, np.float32), z)
