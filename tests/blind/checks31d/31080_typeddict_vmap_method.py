"""Host SVD with callback options typed by a TypedDict; only the current keyword is used."""
from typing import TypedDict

import jax
import jax.numpy as jnp
import numpy as np


class CallbackOptions(TypedDict, total=False):
    vmap_method: str
    sharding: object


DEFAULTS: CallbackOptions = {"vmap_method": "sequential"}
LEGACY_NOTE = "older releases used {'vectorized': True} here"


def host_singular_values(mat):
    mat = np.asarray(mat)
    return np.linalg.svd(mat, compute_uv=False).astype(mat.dtype)


def singular_values(mat, options: CallbackOptions = DEFAULTS):
    k = min(mat.shape[-2:])
    return jax.pure_callback(host_singular_values, jax.ShapeDtypeStruct((k,), mat.dtype), mat,
                             **options)


@jax.jit
def condition_numbers(mats):
    s = jax.vmap(singular_values)(mats)
    return s[:, 0] / s[:, -1]


if __name__ == "__main__":
    m = jnp.stack([jnp.array([[2.0, 0.0], [0.0, 1.0]]), jnp.array([[3.0, 1.0], [1.0, 3.0]])])
    print(condition_numbers(m))
