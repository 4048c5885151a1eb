"""The host reads a read-only view of a registry; a later registration into the registry
itself shows through the view, so the host runs the jnp entry. A helper's own local of the
registry's spelling (a copy it pops from) is another name: it neither rebinds the registry
nor takes its entries out."""
from collections import ChainMap

import jax
import jax.numpy as jnp
import numpy as np

OVERRIDES = {}
BASE = {"smooth": lambda v: np.convolve(v, np.ones(2) / 2, mode="same")}
STEPS = ChainMap(OVERRIDES, BASE)


def host_smooth(x):
    x = np.asarray(x)
    return np.asarray(STEPS["smooth"](x), dtype=np.float32)


def override(name, fn):
    OVERRIDES[name] = fn


def others(table):
    OVERRIDES = dict(table)
    OVERRIDES.pop("smooth", None)
    return sorted(OVERRIDES)


@jax.jit
def f(x):
    return jax.pure_callback(host_smooth, jax.ShapeDtypeStruct(x.shape, jnp.float32), x)


override("smooth", lambda v: jnp.cumsum(jnp.asarray(v)))  # EXPECT: JAX011
print(others({"mean": np.mean}), f(jnp.arange(4.0)))
