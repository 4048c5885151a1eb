import numpy as np
from scipy.special import expit
import jax


def host_sigmoid(z):
    return jax.pure_callback(lambda v: expit(v).astype(v.dtype),
                             jax.ShapeDtypeStruct(z.shape, z.dtype), z,
                             vmap_method="broadcast_all")
