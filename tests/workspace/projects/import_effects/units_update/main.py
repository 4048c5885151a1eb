"""A converter looked up in a table that a submodule filled with `dict.update` at its import."""
import jax
import jax.numpy as jnp

import units

to = units.converter("feet")
print(jax.linear_transpose(to, jnp.ones(3))(jnp.ones(3)))  # EXPECT: JAX003
