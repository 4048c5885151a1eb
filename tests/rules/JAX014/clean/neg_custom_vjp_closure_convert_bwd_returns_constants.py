"""A root finder differentiated implicitly: the residual is closure-converted so the values it
closes over (the traced `scale`) become extra arguments of the custom_vjp function, and the
bwd returns a cotangent for each of them after the initial guess's."""
from functools import partial

import jax
import jax.numpy as jnp


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
    dr_dx = jax.grad(lambda y: residual(y, *consts))(x)
    _, vjp_consts = jax.vjp(lambda *c: residual(x, *c), *consts)
    return (jnp.zeros_like(x), *vjp_consts(-g / dr_dx))


newton_root.defvjp(newton_root_fwd, newton_root_bwd)


def cube_root(scale):
    f = lambda y: y ** 3 - scale * 2.0
    converted, consts = jax.closure_convert(f, jnp.float32(1.0))
    return newton_root(converted, jnp.float32(1.0), *consts)


print(jax.grad(cube_root)(jnp.float32(4.0)))
