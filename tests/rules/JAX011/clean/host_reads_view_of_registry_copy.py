"""The host reads a view over a copy of the overrides; a later registration into the
overrides is not in the copy, so the host runs the NumPy entry."""
from collections import ChainMap

import jax
import jax.numpy as jnp
import numpy as np

OVERRIDES = {}
BASE = {"smooth": lambda v: np.convolve(v, np.ones(2) / 2, mode="same")}
STEPS = ChainMap(dict(OVERRIDES), BASE)


def host_smooth(x):
    x = np.asarray(x)
    return np.asarray(STEPS["smooth"](x), dtype=np.float32)


def override(name, fn):
    OVERRIDES[name] = fn


@jax.jit
def f(x):
    return jax.pure_callback(host_smooth, jax.ShapeDtypeStruct(x.shape, jnp.float32), x)


override("smooth", lambda v: jnp.cumsum(jnp.asarray(v)))
print(f(jnp.arange(4.0)))
