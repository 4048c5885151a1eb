import jax.numpy as jnp


def least_squares(x, A, b, lam=1e-2):
    r = A(x) - b
    return 0.5 * jnp.sum(r ** 2) + 0.5 * lam * jnp.sum(x ** 2)
