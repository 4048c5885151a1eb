# Re-expresses the closure_convert fixed-point pattern from jax-ml/jax docs/notebooks/Custom_derivative_rules_for_Python_code.md
"""Implicit differentiation of a fixed point whose map closes over a traced parameter."""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.custom_vjp, nondiff_argnums=(0,))
def solve_fp(fn, x0, *consts):
    def body(_, x):
        return fn(x, *consts)

    return jax.lax.fori_loop(0, 40, body, x0)


def solve_fp_fwd(fn, x0, *consts):
    x_star = solve_fp(fn, x0, *consts)
    return x_star, (x_star, consts)


def solve_fp_bwd(fn, res, x_bar):
    x_star, consts = res
    _, vjp_c = jax.vjp(lambda *c: fn(x_star, *c), *consts)
    _, vjp_x = jax.vjp(lambda x: fn(x, *consts), x_star)
    u = x_bar
    for _ in range(40):
        u = x_bar + vjp_x(u)[0]
    return (jnp.zeros_like(x_star),)


solve_fp.defvjp(solve_fp_fwd, solve_fp_bwd)


def equilibrium(theta):
    step = lambda x: 0.5 * jnp.cos(theta * x)
    converted, consts = jax.closure_convert(step, jnp.float32(0.0))
    return solve_fp(converted, jnp.float32(0.0), *consts)


print(jax.grad(equilibrium)(jnp.float32(1.3)))
