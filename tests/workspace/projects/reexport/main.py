"""A package re-exports a host function from a private module; jacfwd reaches it."""
import jax
import jax.numpy as jnp

from mylib import host_norm


def normalized(v):
    return v / host_norm(v)  # EXPECT: JAX001


print(jax.jacrev(normalized)(jnp.array([3.0, 4.0])))
