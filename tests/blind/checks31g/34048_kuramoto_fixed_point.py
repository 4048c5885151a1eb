# shape from: yonesuke/jaxkuramoto jaxkuramoto/solver/fixed_point.py (partial(custom_vjp, nondiff_argnums=(0, 2, 3)) fixed point)
"""Order parameter of a Kuramoto model via a self-consistency fixed point, differentiated in the coupling."""
from functools import partial
from typing import Callable

import jax
import jax.numpy as jnp
from jax import custom_vjp, vjp
from jax.lax import while_loop


@partial(custom_vjp, nondiff_argnums=(0, 2, 3))
def fixed_point(func: Callable, a, x_guess, eps: float = 1e-6):
    """Iterate x <- func(a, x) until successive iterates differ by less than eps."""
    def cond_fn(carry):
        x_prev, x = carry
        return jnp.abs(x - x_prev) > eps

    def body_fn(carry):
        _, x = carry
        return x, func(a, x)

    _, x_star = while_loop(cond_fn, body_fn, (x_guess, func(a, x_guess)))
    return x_star


def fixed_point_fwd(func, a, x_guess, eps):
    x_star = fixed_point(func, a, x_guess, eps)
    return x_star, (a, x_star)


def _rev_iter(func, packed, u):
    a, x_star, x_star_bar = packed
    _, vjp_x = vjp(lambda x: func(a, x), x_star)
    return x_star_bar + vjp_x(u)[0]


def fixed_point_bwd(func, x_guess, eps, res, x_star_bar):
    a, x_star = res
    _, vjp_a = vjp(lambda a_: func(a_, x_star), a)
    w = fixed_point(partial(_rev_iter, func), (a, x_star, x_star_bar), x_star_bar, eps)
    (a_bar,) = vjp_a(w)
    return a_bar


fixed_point.defvjp(fixed_point_fwd, fixed_point_bwd)


def self_consistency(coupling, r):
    """r = K r * <cos^2> approximated by a saturating map for a Lorentzian frequency spread."""
    return jnp.tanh(coupling * r) * 0.9 + 0.05


def order_parameter(coupling):
    return fixed_point(self_consistency, coupling, jnp.float32(0.5), 1e-6)


if __name__ == "__main__":
    ks = jnp.array([0.5, 1.0, 2.0])
    print("r(K)", jax.vmap(order_parameter)(ks))
    print("dr/dK at K=2", jax.grad(order_parameter)(2.0))
