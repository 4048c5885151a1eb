import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.custom_vjp, nondiff_argnums=(1,))
def capped(r, cap):
    return cap * jnp.tanh(r / cap)
