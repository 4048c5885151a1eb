"""Two modules import each other; the host call is two modules away from the grad."""
import jax
import jax.numpy as jnp

import b


def loss(x):
    return jnp.sum(b.forward_twice(x))  # EXPECT: JAX001


print(jax.grad(loss)(jnp.ones(2)))
