from functools import partial

import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_gradient(x, lo, hi):
    return x


def _cg_fwd(x, lo, hi):
    return x, (lo, hi)


def _cg_bwd(scale, res, g):
    lo, hi = res
    return (scale * jnp.clip(g, lo, hi), None, None)


clip_gradient.defvjp(_cg_fwd, partial(_cg_bwd, 1.0))


def loss(w):
    return jnp.sum(clip_gradient(w, -0.5, 0.5) ** 3)


print(jax.grad(loss)(jnp.array([0.1, 2.0])))
