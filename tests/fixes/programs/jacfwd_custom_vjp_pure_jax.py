"""`jax.jacfwd` of a custom_vjp function whose fwd and bwd are pure JAX (JAX twin: the same
function without custom_vjp)."""
import json
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np


@jax.custom_vjp
def softclip(x):
    return jnp.tanh(x) * 2.0


def _softclip_fwd(x):
    return softclip(x), x


def _softclip_bwd(x, g):
    return (2.0 * g * (1.0 - jnp.tanh(x) ** 2),)


softclip.defvjp(_softclip_fwd, _softclip_bwd)


def twin(x):
    return jnp.tanh(x) * 2.0


x = jnp.array([0.2, -1.0, 0.6])
Path(__file__).with_suffix(".json").write_text(json.dumps({
    "value": np.ravel(jax.jacfwd(softclip)(x)).tolist(),  # EXPECT: JAX005
    "twin": np.ravel(jax.jacfwd(twin)(x)).tolist(),
    "stopped": [0.0] * 9,
}))
