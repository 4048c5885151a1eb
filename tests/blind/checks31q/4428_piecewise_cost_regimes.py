"""Piecewise cost: a cond picks a smooth or a hinge-like branch (custom VJP) depending on a regime flag."""
import jax
import jax.numpy as jnp
from jax import lax


@jax.custom_vjp
def hinge(x, margin):
    return jnp.maximum(margin - x, 0.0)


def _hinge_fwd(x, margin):
    return hinge(x, margin), (x, margin)


def _hinge_bwd(res, g):
    x, margin = res
    active = (margin - x) > 0
    return (jnp.where(active, -g, 0.0),)


hinge.defvjp(_hinge_fwd, _hinge_bwd)


def smooth(x, margin):
    return jnp.log1p(jnp.exp(margin - x))


def cost(x, regime):
    def hard(x):
        return hinge(x, 1.0)

    def soft(x):
        return smooth(x, 1.0)

    return lax.cond(regime == 0, hard, soft, lax.stop_gradient(x))


def total(x, regime):
    return jnp.sum(cost(x, regime) * (1.0 + x ** 2))


if __name__ == "__main__":
    x = jnp.array([0.2, 0.8, 1.5])
    print(jax.grad(total)(x, 1))
