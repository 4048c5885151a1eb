"""Forward mode under `vmap` and `jit`: `jax.jvp` of a batched host cubic (JAX twin: `x**3 - x`)."""
import json
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np


def _host_cubic(x):
    x = np.asarray(x)
    return (x ** 3 - x).astype(np.float32)


@jax.jit
def cubic(x):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(_host_cubic, spec, x, vmap_method="sequential")  # EXPECT: JAX001


def twin(x):
    return x ** 3 - x


xs = jnp.array([[0.5, -1.0], [2.0, 0.1]])
ts = jnp.array([[1.0, 0.5], [-1.0, 2.0]])
_, out = jax.jvp(jax.vmap(cubic), (xs,), (ts,))
_, ref = jax.jvp(jax.vmap(twin), (xs,), (ts,))
Path(__file__).with_suffix(".json").write_text(json.dumps({
    "value": np.ravel(out).tolist(),
    "twin": np.ravel(ref).tolist(),
    "stopped": [0.0] * 4,
}))
