"""A custom_jvp whose rule asks the host for the slope on primals: `jax.hessian` differentiates
the rule's callback (JAX twin: `jnp.sin` with its automatic derivatives)."""
import json
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np


@jax.custom_jvp
def wave(x):
    return jnp.sin(x)


@wave.defjvp
def _wave_jvp(primals, tangents):
    x, = primals
    dx, = tangents
    slope = jax.pure_callback(lambda v: np.cos(np.asarray(v)).astype(np.float32),  # EXPECT: JAX007
                              jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="sequential")
    return wave(x), slope * dx


def loss(x):
    return jnp.sum(wave(x) * jnp.array([1.0, 2.0]))


def twin(x):
    return jnp.sum(jnp.sin(x) * jnp.array([1.0, 2.0]))


x = jnp.array([0.3, 1.1])
Path(__file__).with_suffix(".json").write_text(json.dumps({
    "value": np.ravel(jax.hessian(loss)(x)).tolist(),
    "twin": np.ravel(jax.hessian(twin)(x)).tolist(),
    "stopped": [0.0] * 4,
}))
