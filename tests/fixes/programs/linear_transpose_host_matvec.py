"""`linear_transpose` of a linear operator applied on the host (JAX twin: `A.T @ ct`)."""
import json
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np

A = np.array([[2.0, 1.0, 0.0], [0.0, 3.0, -1.0]], dtype=np.float32)


def _host_matvec(v):
    return (A @ np.asarray(v)).astype(np.float32)


def matvec(v):
    spec = jax.ShapeDtypeStruct((2,), jnp.float32)
    return jax.pure_callback(_host_matvec, spec, v)  # EXPECT: JAX002


ct = jnp.array([1.0, -2.0])
(back,) = jax.linear_transpose(matvec, jnp.zeros(3))(ct)
Path(__file__).with_suffix(".json").write_text(json.dumps({
    "value": np.ravel(back).tolist(),
    "twin": (A.T @ np.asarray(ct)).tolist(),
    "stopped": [0.0] * 3,
}))
