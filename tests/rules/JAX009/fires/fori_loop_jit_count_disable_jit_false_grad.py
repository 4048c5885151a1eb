"""grad of a jitted step-count loop with jax.disable_jit(False): jit still traces the bound."""
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def decay(rate, horizon):
    n = jnp.ceil(horizon / 0.1).astype(jnp.int32)
    return lax.fori_loop(0, n, lambda i, y: y * (1.0 - rate), 1.0)  # EXPECT: JAX009


with jax.disable_jit(False):
    print(jax.grad(decay)(0.2, 1.0))
