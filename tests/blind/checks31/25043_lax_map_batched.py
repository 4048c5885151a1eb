import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

DB = {}


def _store(key, value):
    DB[int(key)] = np.asarray(value).copy()
    return np.int32(len(DB))


def process(item):
    key, row = item
    feat = jnp.cumsum(row)
    n = io_callback(_store, jax.ShapeDtypeStruct((), jnp.int32), key, feat, ordered=True)
    return feat.sum() + 0 * n


keys = jnp.arange(4)
rows = jnp.arange(12.0).reshape(4, 3)
out = jax.lax.map(process, (keys, rows), batch_size=2)
print(out, sorted(DB))
