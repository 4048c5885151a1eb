"""Second order, forward over reverse: `jax.hessian` of a host potential (JAX twin: the same
formula with `jnp`). The custom_jvp fix nests finite differences here: a rougher tolerance."""
import json
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np


def _host_potential(r):
    r = np.asarray(r, np.float64)
    return np.asarray(np.sum(np.cos(r)) + 0.5 * np.sum(r ** 2), np.float32)


def potential(r):
    spec = jax.ShapeDtypeStruct((), r.dtype)
    return jax.pure_callback(_host_potential, spec, r)  # EXPECT: JAX001


def twin(r):
    return jnp.sum(jnp.cos(r)) + 0.5 * jnp.sum(r ** 2)


r = jnp.array([0.4, -0.8])
Path(__file__).with_suffix(".json").write_text(json.dumps({
    "value": np.ravel(jax.hessian(potential)(r)).tolist(),
    "twin": np.ravel(jax.hessian(twin)(r)).tolist(),
    "stopped": [0.0] * 4,
}))
