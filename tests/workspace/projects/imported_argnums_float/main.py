"""grad's argnums read from a settings module of the package (`from .settings import WRT`):
they cover the arrival rate only, so the integer server count is passed through untouched."""
import jax.numpy as jnp

from queueing.sensitivity import wait_sensitivity

print(wait_sensitivity(jnp.float32(3.0), 4))
