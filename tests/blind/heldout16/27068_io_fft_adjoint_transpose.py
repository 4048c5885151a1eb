"""Radar pulse compression with an instrumented host FFT; the adjoint operator by linear_transpose."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

N = 16
CHIRP = np.exp(1j * np.pi * 0.1 * np.arange(N) ** 2).astype(np.complex64)
calls = {"n": 0}


def _matched(x):
    calls["n"] += 1
    X = np.fft.fft(np.asarray(x))
    return np.fft.ifft(X * np.conj(np.fft.fft(CHIRP))).real.astype(np.float32)


def compress(x):
    return io_callback(_matched, jax.ShapeDtypeStruct((N,), jnp.float32), x)


echo = jnp.zeros(N).at[4].set(1.0)
print(compress(echo))
adj = jax.linear_transpose(compress, echo)
(back,) = adj(jnp.ones(N))
print(back, calls)
