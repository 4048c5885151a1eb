import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.custom_jvp, nondiff_argnums=(1,))
def blur1d(x, w):
    return (1 - 2 * w) * x + w * (jnp.roll(x, 1) + jnp.roll(x, -1))
