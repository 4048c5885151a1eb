import jax.numpy as jnp


def reported_cases(infected):
    """Smooths the infections into reported cases, traced by JAX."""
    return 0.5 * infected + 0.5 * jnp.mean(infected)
