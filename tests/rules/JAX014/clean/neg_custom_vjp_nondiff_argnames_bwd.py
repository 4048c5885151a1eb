"""nondiff_argnames: the bwd takes the named nondiff argument first, like nondiff_argnums."""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.custom_vjp, nondiff_argnames=("f",))
def app(f, x):
    return f(x)


def app_fwd(f, x):
    return app(f, x), jnp.cos(x)


def app_bwd(f, cos_x, g):
    return (cos_x * g,)


app.defvjp(app_fwd, app_bwd)

print(jax.value_and_grad(lambda x: app(lambda y: 2 * y, x))(1.0))
