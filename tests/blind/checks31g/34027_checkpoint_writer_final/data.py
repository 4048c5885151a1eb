import jax
import jax.numpy as jnp

TRUE_W = jnp.array([1.5, -2.0, 0.5])


def make_regression(key, n=16):
    x = jax.random.normal(key, (n, TRUE_W.shape[0]))
    return x, x @ TRUE_W
