import jax
import numpy as np


def host_scale(v):
    return jax.pure_callback(lambda v: np.asarray(v * 2), jax.ShapeDtypeStruct(v.shape, v.dtype), v)
