"""FFT-domain FIR low-pass; taps designed once by scipy.signal.firwin inside the traced function."""
import numpy as np
import jax
import jax.numpy as jnp
from scipy.signal import firwin

N_TAPS = 31


def design_taps(cutoff):
    def _host(c):
        return firwin(N_TAPS, float(c)).astype(np.float32)
    return jax.pure_callback(_host, jax.ShapeDtypeStruct((N_TAPS,), jnp.float32), cutoff)


def fft_filter(x, cutoff=0.15):
    taps = design_taps(jnp.float32(cutoff))
    n = x.shape[-1] + N_TAPS - 1
    y = jnp.fft.irfft(jnp.fft.rfft(x, n) * jnp.fft.rfft(taps, n), n)
    return y[N_TAPS // 2: N_TAPS // 2 + x.shape[-1]]


def denoise_loss(x, noisy):
    return jnp.sum((fft_filter(x) - fft_filter(noisy)) ** 2) + 0.01 * jnp.sum(x ** 2)


t = jnp.arange(200) / 200.0
noisy = jnp.sin(2 * jnp.pi * 5 * t) + 0.3 * jax.random.normal(jax.random.key(0), t.shape)
x = noisy
g = jax.jit(jax.grad(denoise_loss))
for _ in range(20):
    x = x - 0.1 * g(x, noisy)
print(jnp.std(x - jnp.sin(2 * jnp.pi * 5 * t)))
