import jax.numpy as jnp


def decay_chain(t, y, k):
    a, b, c = y
    return jnp.stack([-k[0] * a, k[0] * a - k[1] * b, k[1] * b])
