"""A bwd packs its two cotangents into a NamedTuple: JAX wants a plain tuple (or list), so
the right length is still the wrong structure."""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class Cotangents(NamedTuple):
    d_scale: jax.Array
    d_x: jax.Array


@jax.custom_vjp
def scaled(scale, x):
    return scale * x


def scaled_fwd(scale, x):
    return scale * x, (scale, x)


def scaled_bwd(res, g):  # EXPECT: JAX014
    scale, x = res
    return Cotangents(jnp.sum(g * x), g * scale)


scaled.defvjp(scaled_fwd, scaled_bwd)
print(jax.grad(lambda s, x: jnp.sum(scaled(s, x)))(2.0, jnp.arange(3.0)))
