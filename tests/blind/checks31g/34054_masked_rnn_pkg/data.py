import jax
import jax.numpy as jnp

T, B, D, H = 5, 2, 3, 4


def batch(key):
    xs = jax.random.normal(key, (T, B, D))
    lengths = jnp.array([5, 3])
    masks = (jnp.arange(T)[:, None] < lengths[None, :]).astype(jnp.float32)
    return xs, masks
