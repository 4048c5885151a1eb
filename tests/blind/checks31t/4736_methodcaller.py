"""A host lookup dispatched with operator.methodcaller on a module resolved by importlib."""
import importlib
import operator
import numpy as np
import jax
import jax.numpy as jnp

LEGACY_FLAGS = {"vectorized": True}
MODERN_FLAGS = {"vmap_method": "sequential"}
FLAGS = LEGACY_FLAGS

ZS = np.array([0.0, 0.5, 1.0, 1.5, 2.0])
QS = np.array([0.5, 0.6915, 0.8413, 0.9332, 0.9772])


def host_normal_cdf(z):
    zv = np.asarray(z)
    return np.interp(np.abs(zv), ZS, QS).astype(zv.dtype) * np.sign(zv) + (zv < 0)


def cdf(z):
    spec = jax.ShapeDtypeStruct(z.shape, z.dtype)
    call = operator.methodcaller("pure_callback", host_normal_cdf, spec, z, **FLAGS)
    return call(importlib.import_module("jax"))


def two_sided_p(z):
    return 2.0 * (1.0 - cdf(jnp.abs(z)))


if __name__ == "__main__":
    zs = jnp.array([0.3, 1.1, 1.9], dtype=jnp.float32)
    print("p-values:", np.round(np.asarray(jax.jit(two_sided_p)(zs)), 4))
