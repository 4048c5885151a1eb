"""Per-device checkpoint writer under pmap (one CPU device)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

_shards = []


def _save_shard(shard):
    _shards.append(np.asarray(shard).copy())
    return np.int32(len(_shards))


def save_step(params):
    params = params * 0.99
    n = io_callback(_save_shard, jax.ShapeDtypeStruct((), jnp.int32), params, ordered=True)
    return params, n


n_dev = jax.local_device_count()
params = jnp.ones((n_dev, 4))
new_params, counts = jax.pmap(save_step)(params)
print(new_params.shape, counts)
