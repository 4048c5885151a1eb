from functools import partial

import jax
import jax.numpy as np


def _saturate(values, lo, hi):
    return np.clip(values, lo, hi)


def saturate(x, lo=-1.0, hi=1.0):
    host = partial(_saturate, lo=lo, hi=hi)
    return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="expand_dims")


xs = np.linspace(-3.0, 3.0, 5)
print(jax.jit(saturate)(xs))
