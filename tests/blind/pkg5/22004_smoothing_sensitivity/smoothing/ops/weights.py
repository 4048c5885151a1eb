import jax.numpy as jnp


def huber_weight(r, delta=1.0):
    a = jnp.abs(r)
    return jnp.where(a <= delta, 1.0, delta / a)
