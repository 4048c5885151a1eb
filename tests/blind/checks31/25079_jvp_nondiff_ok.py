from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.custom_jvp, nondiff_argnums=(0,))
def apply_elementwise(fn, x):
    return fn(x)


@apply_elementwise.defjvp
def _apply_jvp(fn, primals, tangents):
    (x,), (dx,) = primals, tangents
    y, dydx = jax.vmap(jax.value_and_grad(fn))(x)
    return y, dydx * dx


print(jax.grad(lambda x: apply_elementwise(jnp.sin, x).sum())(jnp.array([0.0, 1.0])))
