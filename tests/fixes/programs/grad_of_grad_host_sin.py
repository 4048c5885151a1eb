"""Second order, reverse over reverse: grad of grad of a host sine (JAX twin: `jnp.sin`)."""
import json
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np


def _host_sin(x):
    return np.sin(np.asarray(x)).astype(np.float32)


def f(x):
    return jax.pure_callback(_host_sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)  # EXPECT: JAX001


def twin(x):
    return jnp.sin(x)


x = jnp.float32(0.7)
Path(__file__).with_suffix(".json").write_text(json.dumps({
    "value": [float(jax.grad(jax.grad(f))(x))],
    "twin": [float(jax.grad(jax.grad(twin))(x))],
    "stopped": [0.0],
}))
