"""Data-parallel (pmap) preprocessing: polyphase resampling on the host for each device shard."""
import numpy as np
import jax
import jax.numpy as jnp
from scipy.signal import resample_poly


def _resample(x):
    return resample_poly(np.asarray(x), 2, 3, axis=-1).astype(np.float32)


def preprocess(shard):
    n_out = shard.shape[-1] * 2 // 3
    spec = jax.ShapeDtypeStruct(shard.shape[:-1] + (n_out,), jnp.float32)
    y = jax.pure_callback(_resample, spec, shard)
    return (y - y.mean(axis=-1, keepdims=True)) / (y.std(axis=-1, keepdims=True) + 1e-6)


n_dev = jax.local_device_count()
signals = jnp.sin(jnp.linspace(0, 20, n_dev * 4 * 48)).reshape(n_dev, 4, 48)
out = jax.pmap(preprocess, axis_name="d")(signals)
print(out.shape, jax.pmap(lambda v: jax.lax.pmean(v.mean(), "d"), axis_name="d")(out))
