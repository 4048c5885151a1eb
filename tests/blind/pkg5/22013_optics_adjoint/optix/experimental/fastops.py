import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.custom_vjp, nondiff_argnums=(1,))
def fast_shift(x, k):
    return jnp.roll(x, k)
