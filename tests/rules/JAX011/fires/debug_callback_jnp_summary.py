"""A debug.callback's host function summarises its operand with jnp."""
import jax
import jax.numpy as jnp


def show_stats(x):
    print("mean", float(jnp.mean(x)), "max", float(jnp.max(x)))  # EXPECT: JAX011


@jax.jit
def loss(w):
    jax.debug.callback(show_stats, w)
    return jnp.sum(w ** 2)


print(loss(jnp.arange(3.0)))
