"""jnp.vectorize with an `excluded` argument still batches the others: an ordered
io_callback that logs a mapped argument fails."""
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

seen = []


def log_row(r):
    seen.append(np.asarray(r).copy())


def normalise(row, scale):
    io_callback(log_row, None, row, ordered=True)  # EXPECT: JAX013
    return row / (scale * jnp.linalg.norm(row))


batched_normalise = jnp.vectorize(normalise, excluded={1}, signature="(n)->(n)")
print(batched_normalise(jnp.arange(1.0, 7.0).reshape(2, 3), jnp.float32(2.0)), len(seen))
