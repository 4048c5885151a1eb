"""Callback keywords built by `functools.reduce` over option steps; the pipeline adds `vectorized`."""
import functools

import jax
import jax.numpy as jnp
import numpy as np


def legacy(opts):
    return {**opts, "vectorized": True}


def sequential(opts):
    return {**opts, "vmap_method": "sequential"}


STEPS = {"old": [legacy], "new": [sequential]}


def host(x):
    return np.sqrt(np.asarray(x)).astype(np.float32)


def root(x, kind):
    opts = functools.reduce(lambda acc, step: step(acc), STEPS[kind], {})
    return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x, **opts)  # EXPECT: JAX012


if __name__ == "__main__":
    print(jax.jit(lambda v: root(v, "old"))(jnp.arange(4.0)))
