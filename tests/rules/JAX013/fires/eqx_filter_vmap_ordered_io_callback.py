"""equinox.filter_vmap batches like vmap: an ordered io_callback on the batched input fails."""
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


def _host(v):
    return np.asarray(v * 2.0, dtype=np.float32)


def double(x):
    return io_callback(_host, jax.ShapeDtypeStruct((), jnp.float32), x, ordered=True)  # EXPECT: JAX013


print(eqx.filter_vmap(double)(jnp.arange(3.0)))
