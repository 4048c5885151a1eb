"""A custom_jvp rule applies a host callback to the tangent; `jax.grad` must transpose it (JAX
twin: the same map written with `jnp`)."""
import json
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np

K = np.array([[2.0, -1.0], [-1.0, 3.0]], np.float32)


@jax.custom_jvp
def force(u):
    return jnp.asarray(K) @ u


@force.defjvp
def _force_jvp(primals, tangents):
    u, = primals
    du, = tangents
    df = jax.pure_callback(lambda t: (K @ np.asarray(t)).astype(np.float32),  # EXPECT: JAX002
                           jax.ShapeDtypeStruct(du.shape, du.dtype), du)
    return force(u), df


def loss(u):
    return jnp.sum(jnp.tanh(force(u)))


def twin(u):
    return jnp.sum(jnp.tanh(jnp.asarray(K) @ u))


u = jnp.array([0.2, -0.5])
Path(__file__).with_suffix(".json").write_text(json.dumps({
    "value": np.ravel(jax.grad(loss)(u)).tolist(),
    "twin": np.ravel(jax.grad(twin)(u)).tolist(),
    "stopped": [0.0] * 2,
}))
