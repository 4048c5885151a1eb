"""Compute windowed power spectra of many signals, dumping each to a host buffer in order."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import io_callback

BUFFER = []


def _dump(spec):
    BUFFER.append(np.asarray(spec).copy())
    return np.int32(len(BUFFER))


def hann(n):
    k = jnp.arange(n)
    return 0.5 - 0.5 * jnp.cos(2 * jnp.pi * k / (n - 1))


def spectrum(sig):
    win = hann(sig.shape[0])
    p = jnp.abs(jnp.fft.rfft(sig * win)) ** 2
    idx = io_callback(_dump, jax.ShapeDtypeStruct((), jnp.int32), p, ordered=True)
    return p, idx


def all_spectra(signals):
    return lax.map(spectrum, signals)


if __name__ == "__main__":
    t = jnp.linspace(0.0, 1.0, 16)
    freqs = jnp.arange(1.0, 7.0)
    signals = jnp.sin(2 * jnp.pi * freqs[:, None] * t[None, :])
    specs, order = all_spectra(signals)
    print(specs.shape, order, len(BUFFER))
