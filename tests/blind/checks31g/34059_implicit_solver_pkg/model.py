import jax.numpy as jnp


def contraction(a, x):
    """x -> 0.5 * cos(a * x): a contraction for |a| < 2."""
    return 0.5 * jnp.cos(a * x)


def target_residual(x_star, target):
    return jnp.sum((x_star - target) ** 2)
