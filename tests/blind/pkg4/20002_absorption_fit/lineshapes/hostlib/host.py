import functools

import numpy as np
import jax
import jax.numpy as jnp
import scipy.special as sps

_callback = functools.partial(jax.pure_callback, vmap_method="sequential")


def _host_i0e(v):
    return sps.i0e(np.asarray(v)).astype(np.float32)


def scaled_i0(v):
    return _callback(_host_i0e, jax.ShapeDtypeStruct(v.shape, jnp.float32), v)
