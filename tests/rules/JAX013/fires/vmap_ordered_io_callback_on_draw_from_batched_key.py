"""A draw from a key that vmap batches is batched too: an ordered io_callback logging it
fails."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


def _log_noise(z):
    return np.asarray(z, dtype=np.float32)


def noisy(key, x):
    z = jax.random.normal(key, (2,))
    logged = io_callback(_log_noise, jax.ShapeDtypeStruct((2,), jnp.float32), z, ordered=True)  # EXPECT: JAX013
    return x + logged


keys = jax.random.split(jax.random.PRNGKey(0), 3)
print(jax.vmap(noisy, in_axes=(0, None))(keys, jnp.ones(2)))
