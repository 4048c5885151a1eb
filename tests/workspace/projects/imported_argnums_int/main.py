"""grad's argnums read from a settings module of the package (`from .settings import WRT`):
they cover the integer server count, which grad rejects."""
import jax.numpy as jnp

from queueing.sensitivity import wait_sensitivity

print(wait_sensitivity(jnp.float32(3.0), 4))  # EXPECT: JAX010
