import jax
import numpy as np

import config


def host(x):
    return jax.pure_callback(lambda v: np.tanh(np.asarray(v)), jax.ShapeDtypeStruct(x.shape, x.dtype), x)


config.ACTIVATION = host
