"""the log spectrum of 24 samples has 13 bins (rfft, then elementwise ufuncs), over the limit of 8: logged as a summary, never under vmap"""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

LIMIT = 8


def note(v):
    return None


def one(v):
    io_callback(note, None, v, ordered=True)
    return v


def log_all(feats):
    if feats.size <= LIMIT:
        return jax.vmap(one)(feats)
    io_callback(note, None, feats.mean(), ordered=True)
    return feats


if __name__ == "__main__":
    t = np.linspace(0.0, 1.0, 24, endpoint=False)
    signal = jnp.asarray(np.sin(2 * np.pi * 3 * t), dtype=jnp.float32)
    feats = jnp.log1p(jnp.abs(jnp.fft.rfft(signal)))
    print(jax.jit(log_all)(feats))
