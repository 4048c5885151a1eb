"""A store through the package's re-exported settings object selects the host branch."""
import jax
import jax.numpy as jnp

import pkg

pkg.CFG.mode = "host"
print(jax.grad(pkg.loss)(jnp.ones(3)))  # EXPECT: JAX001
