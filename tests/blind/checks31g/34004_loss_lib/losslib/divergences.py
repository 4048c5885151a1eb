import jax
import jax.numpy as jnp

EPS = 1e-6


@jax.custom_vjp
def log_ratio(p, q):
    """log(p / q) with both arguments clipped away from zero."""
    return jnp.log(jnp.clip(p, EPS)) - jnp.log(jnp.clip(q, EPS))


def kl_bernoulli(p, q):
    return jnp.sum(p * log_ratio(p, q) + (1 - p) * log_ratio(1 - p, 1 - q))
