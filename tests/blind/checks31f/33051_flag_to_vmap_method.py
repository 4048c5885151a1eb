# shape from: jax-ml/jax#23881 (migration: vectorized=True -> "expand_dims"/"legacy_vectorized", False -> "sequential")
"""A small helper that keeps the old boolean flag at its own call sites."""
from typing import Callable

import jax
import jax.numpy as jnp
import numpy as np
from scipy import special


def host_call(host: Callable, result_like, *args, vectorized: bool = False):
    """Call `host` from traced code; `vectorized` says whether it broadcasts over a leading axis."""
    vmap_method = "expand_dims" if vectorized else "sequential"
    spec = jax.tree.map(lambda a: jax.ShapeDtypeStruct(a.shape, a.dtype), result_like)
    return jax.pure_callback(host, spec, *args, vmap_method=vmap_method)


def _host_erfcx(x):
    x = np.asarray(x)
    return special.erfcx(x).astype(x.dtype)


def _host_round_half_even(x):
    x = np.asarray(x)
    return np.round(x).astype(x.dtype)


def mills_ratio(x):
    return jnp.sqrt(jnp.pi / 2) * host_call(_host_erfcx, x, x / jnp.sqrt(2.0), vectorized=True)


def quantise(x):
    return host_call(_host_round_half_even, x, x, vectorized=False)


if __name__ == "__main__":
    xs = jnp.linspace(-1.0, 2.0, 4)
    print(jax.jit(jax.vmap(mills_ratio))(xs))
    print(jax.vmap(quantise)(xs * 2.5))
