"""a method caller naming `pure_callback`, applied to the module importlib finds by a
joined name: the call written in `operator.methodcaller` hands `vectorized=` to the host"""
import importlib
import operator

import jax
import jax.numpy as jnp
import numpy as np

API = ("j", "ax")


def host_clip(x):
    return np.clip(np.asarray(x), -1.0, 1.0).astype(np.float32)


def clip(x):
    spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    caller = operator.methodcaller("pure_callback", host_clip, spec, x, vectorized=False)  # EXPECT: JAX012
    return caller(importlib.import_module("".join(API)))


if __name__ == "__main__":
    print(jax.jit(clip)(jnp.linspace(-2.0, 2.0, 5)))
