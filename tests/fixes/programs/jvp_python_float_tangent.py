"""Forward mode with Python-float primals and tangents, `jax.jvp(f, (1.5,), (1.0,))`: the
custom_jvp helper once read `t.dtype` of each tangent and raised AttributeError here
(JAX twin: `sin(x) * x`)."""
import json
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np


def _host_wave(x):
    x = np.asarray(x)
    return (np.sin(x) * x).astype(np.float32)


def wave(x):
    spec = jax.ShapeDtypeStruct(jnp.shape(x), jnp.float32)
    return jax.pure_callback(_host_wave, spec, x, vmap_method="sequential")  # EXPECT: JAX001


def twin(x):
    return jnp.sin(x) * x


_, out = jax.jvp(wave, (1.5,), (1.0,))
_, ref = jax.jvp(twin, (1.5,), (1.0,))
Path(__file__).with_suffix(".json").write_text(json.dumps({
    "value": [float(out)],
    "twin": [float(ref)],
    "stopped": [0.0],
}))
