import jax


def jitter(key, h):
    return h + 0.1 * jax.random.normal(key, h.shape)
