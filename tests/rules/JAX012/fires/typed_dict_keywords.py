"""Callback keywords are a `TypedDict` built by a mode read through `typing.cast`; the mode adds `vectorized`."""
from typing import TypedDict, cast

import jax
import jax.numpy as jnp
import numpy as np


class CallKw(TypedDict, total=False):
    vectorized: bool
    vmap_method: str


def keywords(mode: str) -> CallKw:
    if mode == "legacy":
        return CallKw(vectorized=True)
    return CallKw(vmap_method="sequential")


def host(x):
    return np.log1p(np.asarray(x)).astype(np.float32)


def f(x, mode):
    kw = keywords(cast(str, mode))
    return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x, **kw)  # EXPECT: JAX012


if __name__ == "__main__":
    print(jax.jit(lambda v: f(v, "legacy"))(jnp.arange(3.0)))
