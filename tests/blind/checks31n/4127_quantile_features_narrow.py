"""Quantile lookup for a feature vector; wide inputs go through a chunked host routine."""
import numpy as np
import jax
import jax.numpy as jnp

CHUNK = 4


def _dense_quantiles(v):
    arr = np.asarray(v)
    return np.quantile(arr, [0.25, 0.5, 0.75], axis=-1).T.astype(arr.dtype)


def _chunk_max(piece):
    return jnp.max(piece, axis=-1)


def _chunked_quantiles(v):
    arr = np.asarray(v)
    parts = np.split(arr, arr.shape[-1] // CHUNK, axis=-1)
    peaks = np.stack([np.asarray(_chunk_max(p)) for p in parts], axis=-1)
    return np.quantile(peaks, [0.25, 0.5, 0.75], axis=-1).T.astype(arr.dtype)


def pick_host(x):
    return _dense_quantiles if x.shape[-1] <= CHUNK else _chunked_quantiles


def quantile_features(x):
    host = pick_host(x)
    out = jax.ShapeDtypeStruct(x.shape[:-1] + (3,), x.dtype)
    return jax.pure_callback(host, out, x)


@jax.jit
def featurise(batch):
    q = quantile_features(batch)
    return jnp.concatenate([batch.mean(-1, keepdims=True), q], axis=-1)


def moving_average(values, window=3):
    """Smooth a list of logged scalars for display."""
    vals = np.asarray(list(values), dtype=float)
    if vals.size < window:
        return vals
    kernel = np.ones(window) / window
    return np.convolve(vals, kernel, mode="valid")



if __name__ == "__main__":
    batch = jnp.arange(16.0).reshape(4, 4) / 10.0
    print(np.round(np.asarray(featurise(batch)), 3))
