"""Forward mode: `jax.jacfwd` of a host function of two operands, `tanh(x) * exp(y)` (JAX twin:
the same with `jnp`), with respect to both."""
import json
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np


def _host_gate(x, y):
    return (np.tanh(np.asarray(x)) * np.exp(np.asarray(y))).astype(np.float32)


def gate(x, y):
    return jax.pure_callback(  # EXPECT: JAX001
        _host_gate,
        jax.ShapeDtypeStruct(x.shape, x.dtype),
        x,
        y,  # broadcast against x on the host
        vmap_method="sequential",
    )


def twin(x, y):
    return jnp.tanh(x) * jnp.exp(y)


def twin_stopped(x, y):
    return jnp.zeros_like(x) * 0.0 * y


x = jnp.array([0.1, -0.4, 0.9])
y = jnp.float32(0.25)
jac = jax.jacfwd(gate, argnums=(0, 1))(x, y)
ref = jax.jacfwd(twin, argnums=(0, 1))(x, y)
stopped = jax.jacfwd(twin_stopped, argnums=(0, 1))(x, y)
Path(__file__).with_suffix(".json").write_text(json.dumps({
    "value": [np.ravel(j).tolist() for j in jac],
    "twin": [np.ravel(j).tolist() for j in ref],
    "stopped": [np.ravel(j).tolist() for j in stopped],
}))
