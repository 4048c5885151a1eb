"""Bilinear interaction with cotangents packaged in a NamedTuple for readability."""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class BilinearCT(NamedTuple):
    d_left: jax.Array
    d_right: jax.Array


@jax.custom_vjp
def bilinear(left, right):
    return jnp.einsum("i,ij,j->", left, jnp.eye(left.shape[0]), right)


def _bilinear_fwd(left, right):
    return bilinear(left, right), (left, right)


def _bilinear_bwd(saved, ct):
    left, right = saved
    return BilinearCT(d_left=ct * right, d_right=ct * left)


bilinear.defvjp(_bilinear_fwd, _bilinear_bwd)


def score(u, v):
    return jnp.tanh(bilinear(u, v))


u = jnp.array([0.1, 0.2, 0.3])
v = jnp.array([1.0, -1.0, 0.5])
out, pullback = jax.vjp(score, u, v)
du, dv = pullback(jnp.ones_like(out))
print(out, du, dv)
