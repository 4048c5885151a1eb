"""lax.map with batch_size vmaps each chunk: an ordered io_callback on the mapped rows fails."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


def write_row(row):
    return np.asarray(row.sum(), dtype=np.float32)


def process(row):
    total = io_callback(write_row, jax.ShapeDtypeStruct((), jnp.float32), row,  # EXPECT: JAX013
                        ordered=True)
    return total * 2.0


rows = jnp.arange(12.0).reshape(4, 3)
print(jax.lax.map(process, rows, batch_size=2))
