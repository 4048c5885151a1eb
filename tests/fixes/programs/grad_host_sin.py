"""Reverse mode only: `jax.grad` of a loss whose sine runs on the host (JAX twin: `jnp.sin`).

Writes the gradient of the program as written, of its JAX twin, and of the twin without the
host term (what stopping gradients into the callback promises) to `grad_host_sin.json`.
"""
import json
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np


def _host_sin(x):
    return np.sin(np.asarray(x)).astype(np.float32)


def loss(x):
    s = jax.pure_callback(_host_sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)  # EXPECT: JAX001
    return jnp.sum(x ** 2) + jnp.sum(s * jnp.arange(1.0, 4.0))


def twin(x):
    return jnp.sum(x ** 2) + jnp.sum(jnp.sin(x) * jnp.arange(1.0, 4.0))


def twin_stopped(x):
    return jnp.sum(x ** 2)


x = jnp.array([0.3, -1.2, 2.0])
Path(__file__).with_suffix(".json").write_text(json.dumps({
    "value": jax.grad(loss)(x).tolist(),
    "twin": jax.grad(twin)(x).tolist(),
    "stopped": jax.grad(twin_stopped)(x).tolist(),
}))
