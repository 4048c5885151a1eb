import jax
import numpy as np


def _host_exp(x):
    return np.exp(np.asarray(x)).astype(np.float32)


def host_exp(x):
    return jax.pure_callback(_host_exp, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
