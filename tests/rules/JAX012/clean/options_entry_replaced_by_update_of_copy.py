"""Callback options whose `cb` entry gives `vectorized=`, replaced by `cfg.update(...)` of a preset copied at run time: the keyword never reaches the host."""
import copy

import numpy as np
import jax
import jax.numpy as jnp

PRESET = {"cb": {"vmap_method": "sequential"}}


def double_host(x):
    return (np.asarray(x) * 2.0).astype(np.float32)


cfg = {"cb": {"vectorized": True}}
cfg.update(copy.deepcopy(PRESET))
spec = jax.ShapeDtypeStruct((3,), jnp.float32)
f = jax.jit(lambda v: jax.pure_callback(double_host, spec, v, **cfg["cb"]))
print(f(jnp.ones(3, dtype=jnp.float32)))
