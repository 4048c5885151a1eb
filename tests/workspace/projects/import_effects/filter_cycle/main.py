"""A filter taken from a package's table, filled by modules that import the package back."""
import jax
import jax.numpy as jnp

from filters import FILTERS


def energy(x):
    return jnp.sum(FILTERS["median"](x) ** 2)  # EXPECT: JAX001


print(jax.grad(energy)(jnp.arange(4.0)))
