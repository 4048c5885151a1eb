"""jacrev over a fixed-point solver whose map is closure-converted into a custom_vjp: reverse
mode runs its fwd and bwd rules, and the hoisted constants get their cotangents from bwd."""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.custom_vjp, nondiff_argnums=(0,))
def fixed_point(step, x0, *consts):
    def body(_, x):
        return step(x, *consts)

    return jax.lax.fori_loop(0, 30, body, x0)


def _fp_fwd(step, x0, *consts):
    x = fixed_point(step, x0, *consts)
    return x, (x, consts)


def _fp_bwd(step, res, g):
    x, consts = res
    _, pull = jax.vjp(lambda *c: step(x, *c), *consts)
    return (jnp.zeros_like(x), *pull(g))


fixed_point.defvjp(_fp_fwd, _fp_bwd)


def equilibrium_price(supply_slope, demand):
    def tatonnement(p):
        return p + 0.1 * (demand - supply_slope * p)

    step, consts = jax.closure_convert(tatonnement, jnp.ones(2))
    return fixed_point(step, jnp.ones(2), *consts)


slopes = jnp.array(1.5)
print(jax.jacrev(equilibrium_price)(slopes, jnp.array([2.0, 3.0])))
