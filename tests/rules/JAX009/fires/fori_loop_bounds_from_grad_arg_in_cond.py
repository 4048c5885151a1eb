"""fori_loop bounds derived from the differentiated argument, inside lax.cond: the branch is
staged, the bounds are traced, and reverse mode fails."""
import jax
import jax.numpy as jnp
from jax import lax


def horizon(rate):
    steps = jnp.floor(rate * 4.0).astype(jnp.int32) + 1
    return lax.fori_loop(0, steps, lambda i, v: v * (1.0 - 0.1 * rate), rate)  # EXPECT: JAX009


def loss(rate):
    return lax.cond(rate > 0.5, horizon, lambda r: r, rate)


print(jax.grad(horizon)(0.8))
print(jax.grad(loss)(0.8))
