"""jacfwd over a function using a custom_vjp with nondiff_argnums (a host callable passed as static arg)."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


@partial(jax.custom_vjp, nondiff_argnums=(0,))
def apply_host(fn, x):
    return jax.pure_callback(fn, jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="sequential")


def _apply_fwd(fn, x):
    return apply_host(fn, x), x


def _apply_bwd(fn, x, g):
    eps = 1e-3
    up = apply_host(fn, x + eps)
    down = apply_host(fn, x - eps)
    return ((up - down) / (2 * eps) * g,)


apply_host.defvjp(_apply_fwd, _apply_bwd)


def np_expm1(v):
    return np.expm1(v).astype(np.float32)


def features(x):
    return apply_host(np_expm1, x) * jnp.array([1.0, 2.0])  # EXPECT: JAX005


print(jax.jacfwd(features)(jnp.array([0.1, 0.2])))
