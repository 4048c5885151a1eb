"""A logging `io_callback` on the loss, its result unused, inside `jax.grad` (JAX twin: the loss
without the logging): stopping gradients into it changes no gradient."""
import json
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

seen: list[float] = []


def _log(value):
    seen.append(float(np.asarray(value)))


def loss(w):
    value = jnp.sum(jnp.sin(w) * w)
    io_callback(_log, None, value)  # EXPECT: JAX003
    return value


def twin(w):
    return jnp.sum(jnp.sin(w) * w)


w = jnp.array([0.5, -0.3])
Path(__file__).with_suffix(".json").write_text(json.dumps({
    "value": np.ravel(jax.grad(loss)(w)).tolist(),
    "twin": np.ravel(jax.grad(twin)(w)).tolist(),
    "stopped": np.ravel(jax.grad(twin)(w)).tolist(),
}))
