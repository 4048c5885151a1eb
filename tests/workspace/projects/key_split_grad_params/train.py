import jax
import jax.numpy as jnp
from noise import jitter


def objective(p, key):
    return jnp.sum(jitter(key, p) ** 2)


def update(f, p, key):
    g = jax.grad(f, argnums=0)(p, key)
    return p - 0.1 * g
