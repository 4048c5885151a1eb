"""Band-limited noise: the host filters with an FFT module aliased like jax's."""
import jax
import jax.numpy as jnp
import numpy as np
from numpy import fft as jfft  # NumPy's fft, named like jax.numpy.fft


def host_bandpass(x, lo, hi):
    x = np.asarray(x)
    lo, hi = int(np.asarray(lo)), int(np.asarray(hi))
    spec = jfft.rfft(x)
    mask = np.zeros_like(spec)
    mask[lo:hi] = 1.0
    return jfft.irfft(spec * mask, n=x.shape[0]).astype(x.dtype)


def band_noise(key, n, lo=2, hi=5):
    white = jax.random.normal(key, (n,))
    return jax.pure_callback(host_bandpass, jax.ShapeDtypeStruct((n,), white.dtype),
                             white, lo, hi)


if __name__ == "__main__":
    keys = jax.random.split(jax.random.key(0), 3)
    out = [jax.jit(band_noise, static_argnums=1)(k, 16) for k in keys]
    print(jnp.stack(out).std())
