"""A per-example loss logged by an ordered io_callback inside the function vmap batches."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

LOG = []


def _log_host(value):
    LOG.append(float(value))
    return np.asarray(value, dtype=np.float32)


def example_loss(w, x):
    loss = jnp.sum((x * w - 1.0) ** 2)
    return io_callback(_log_host, jax.ShapeDtypeStruct((), jnp.float32), loss,  # EXPECT: JAX013
                       ordered=True)


w = jnp.ones(3)
batch = jnp.arange(6.0).reshape(2, 3)
print(jax.vmap(example_loss, in_axes=(None, 0))(w, batch))
