"""Implicit-function-theorem VJP for `fixed_point`, attached at import time."""
import jax
import jax.numpy as jnp

from .fixed_point import _iterate, fixed_point


def _fixed_point_fwd(f, a, x0):
    x_star = fixed_point(f, a, x0)
    return x_star, (a, x_star)


def _fixed_point_bwd(f, res, x_star_bar):
    a, x_star = res
    _, vjp_a = jax.vjp(lambda a_: f(a_, x_star), a)
    _, vjp_x = jax.vjp(lambda x_: f(a, x_)[...], x_star)
    # solve w = x_star_bar + (df/dx)^T w by the same fixed-point iteration
    w = _iterate(lambda _, w_: x_star_bar + vjp_x(w_)[0], None, x_star_bar)
    (a_bar,) = vjp_a(w)
    return None, a_bar, jnp.zeros_like(x_star)


fixed_point.defvjp(_fixed_point_fwd, _fixed_point_bwd)
