"""grad of a loss in pkg.train, which calls a host function from pkg.ops (relative import)."""
import jax
import jax.numpy as jnp

from pkg.train import loss

print(jax.grad(loss)(jnp.ones(3)))  # EXPECT: JAX001
