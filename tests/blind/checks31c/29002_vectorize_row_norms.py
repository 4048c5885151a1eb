import numpy as np
import jax.numpy as jnp
from jax.experimental import io_callback

row_norms = []


def write_norm(n):
    row_norms.append(float(n))


def normalize_row(row):
    norm = jnp.sqrt(jnp.sum(row ** 2) + 1e-12)
    io_callback(write_norm, None, norm, ordered=True)
    return row / norm


normalize = jnp.vectorize(normalize_row, signature="(n)->(n)")

X = jnp.arange(12.0).reshape(3, 4)
unit = normalize(X)
print(unit)
print("norms:", np.round(row_norms, 3))
