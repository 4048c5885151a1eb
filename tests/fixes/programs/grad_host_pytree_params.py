"""Reverse mode through a host function of a parameter pytree, an integer operand and a keyword
operand (JAX twin: the same formula with `jnp`)."""
import json
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np


def _host_energy(params, order, *, scale):
    w, b = np.asarray(params["w"]), np.asarray(params["b"])
    return np.asarray(np.sum(np.cos(w) ** int(order)) * np.exp(b) * scale, np.float32)


def energy(params, scale):
    return jax.pure_callback(
        _host_energy, jax.ShapeDtypeStruct((), jnp.float32),
        params, jnp.int32(2), scale=scale)  # EXPECT: JAX001


def twin(params, scale):
    return jnp.sum(jnp.cos(params["w"]) ** 2) * jnp.exp(params["b"]) * scale


def twin_stopped(params, scale):
    return 0.0 * twin(params, scale)


params = {"w": jnp.array([[0.1, 0.7], [-0.3, 1.1]]), "b": jnp.float32(-0.2)}
scale = jnp.float32(1.5)


def flat(tree):
    return [float(v) for v in jax.tree_util.tree_leaves(tree) for v in np.ravel(v)]


Path(__file__).with_suffix(".json").write_text(json.dumps({
    "value": flat(jax.grad(energy, argnums=(0, 1))(params, scale)),
    "twin": flat(jax.grad(twin, argnums=(0, 1))(params, scale)),
    "stopped": flat(jax.grad(twin_stopped, argnums=(0, 1))(params, scale)),
}))
