"""lax.map with batch_size vmaps the function inside each chunk: a host call without vmap_method fails."""
import jax
import jax.numpy as jnp
import numpy as np


def _host_median(row):
    return np.float32(np.median(np.asarray(row)))


def row_median(row):
    return jax.pure_callback(_host_median, jax.ShapeDtypeStruct((), jnp.float32), row)  # EXPECT: JAX008


rows = jnp.arange(12.0).reshape(4, 3)
print(jax.lax.map(row_median, rows))
print(jax.lax.map(row_median, rows, batch_size=2))
