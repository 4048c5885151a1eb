"""With nondiff_argnums, the defjvp rule takes the nondiff argument first, then the pairs."""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.custom_jvp, nondiff_argnums=(0,))
def apply_act(act, x):
    return act(x)


@apply_act.defjvp
def apply_act_jvp(act, primals, tangents):
    (x,), (dx,) = primals, tangents
    y, dy = jax.jvp(act, (x,), (dx,))
    return y, dy


print(jax.grad(lambda x: apply_act(jnp.tanh, x).sum())(jnp.ones(2)))
