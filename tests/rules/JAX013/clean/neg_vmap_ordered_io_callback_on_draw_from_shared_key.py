"""The key is shared (`in_axes=None`): a draw from it is not batched, and an ordered
io_callback logging it runs under vmap."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


def _log_noise(z):
    return np.asarray(z, dtype=np.float32)


def noisy(key, x):
    z = jax.random.normal(key, (2,))
    logged = io_callback(_log_noise, jax.ShapeDtypeStruct((2,), jnp.float32), z, ordered=True)
    return x + logged


key = jax.random.PRNGKey(0)
print(jax.vmap(noisy, in_axes=(None, 0))(key, jnp.ones((3, 2))))
