"""A root finder differentiated implicitly: the residual is closure-converted, but it closes
over no traced value (a Python float only), so `closure_convert` hoists no constants and the
bwd's one cotangent, the initial guess's, is one per differentiable argument."""
from functools import partial

import jax
import jax.numpy as jnp

TARGET = 8.0


@partial(jax.custom_vjp, nondiff_argnums=(0,))
def newton_root(residual, x0, *consts):
    def step(x, _):
        r, dr = jax.value_and_grad(lambda y: residual(y, *consts))(x)
        return x - r / dr, None

    x, _ = jax.lax.scan(step, x0, None, length=20)
    return x


def newton_root_fwd(residual, x0, *consts):
    x = newton_root(residual, x0, *consts)
    return x, (x, consts)


def newton_root_bwd(residual, res, g):
    x, consts = res
    return (jnp.zeros_like(x) * g,)


newton_root.defvjp(newton_root_fwd, newton_root_bwd)


def root_from(guess):
    f = lambda y: y ** 3 - TARGET
    converted, consts = jax.closure_convert(f, jnp.float32(1.0))
    return newton_root(converted, guess, *consts)


print(jax.grad(root_from)(jnp.float32(1.5)))
