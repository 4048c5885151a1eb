"""The one differentiable argument is a NamedTuple: a bwd returning a 1-tuple holding a
NamedTuple cotangent of the same class is right."""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class Params(NamedTuple):
    scale: jax.Array
    shift: jax.Array


@jax.custom_vjp
def affine(p):
    return p.scale * 3.0 + p.shift


def affine_fwd(p):
    return affine(p), None


def affine_bwd(_, g):
    return (Params(g * 3.0, g),)


affine.defvjp(affine_fwd, affine_bwd)
print(jax.grad(affine)(Params(jnp.float32(2.0), jnp.float32(1.0))))
