"""A package installed in the environment logs with io_callback inside the differentiated loss."""
import jax
import jax.numpy as jnp
from hostkit import record


def loss(w):
    value = jnp.sum(jnp.sin(w) ** 2)
    record(value)  # EXPECT: JAX003
    return value


print(jax.grad(loss)(jnp.ones(3)))
