"""The nondiff argument's position and the bwd's cotangents both come from the primal's
parameter names; the bwd gives one entry per name, the static one too (None), where JAX wants
cotangents for the differentiable arguments only."""
import inspect
from functools import partial

import jax
import jax.numpy as jnp


def _power_sum(x, order, weight):
    return weight * jnp.sum(x ** order)


NAMES = list(inspect.signature(_power_sum).parameters)
STATIC = ("order",)
power_sum = partial(jax.custom_vjp, nondiff_argnums=tuple(NAMES.index(n) for n in STATIC))(
    _power_sum)


def _fwd(x, order, weight):
    return _power_sum(x, order, weight), (x, weight)


def _bwd(order, res, g):  # EXPECT: JAX014
    x, weight = res
    grads = {"x": g * weight * order * x ** (order - 1), "weight": g * jnp.sum(x ** order)}
    return tuple(grads.get(n) for n in NAMES)


power_sum.defvjp(_fwd, _bwd)

if __name__ == "__main__":
    print(jax.grad(power_sum)(jnp.arange(3.0), 2, jnp.float32(0.5)))
