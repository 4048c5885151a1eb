import numpy as np
import jax
from scipy import stats

__all__ = ["weibull_cdf"]


def _host_cdf(t, k, lam):
    return np.asarray(stats.weibull_min.cdf(np.asarray(t), float(k), scale=np.asarray(lam)), dtype=np.float32)


def weibull_cdf(t, k, lam):
    return jax.pure_callback(_host_cdf, jax.ShapeDtypeStruct(jax.numpy.shape(t), jax.numpy.float32), t, k, lam)
