"""Matched-filter template fit in the frequency domain.  The noise PSD used
for whitening is estimated on the host with scipy.signal.welch from the
(detached) residual, then the whitened residual is minimised."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from scipy import signal

N = 64


def _welch_psd(resid):
    _, p = signal.welch(np.asarray(resid, np.float64), nperseg=16, return_onesided=True)
    f_full = np.interp(np.linspace(0, 1, N // 2 + 1), np.linspace(0, 1, p.size), p)
    return np.maximum(f_full, 1e-6).astype(np.float32)


def estimate_psd(resid):
    return jax.pure_callback(_welch_psd, jax.ShapeDtypeStruct((N // 2 + 1,), jnp.float32), resid)


def template(theta, t):
    amp, freq = theta
    return amp * jnp.sin(2 * jnp.pi * freq * t) * jnp.exp(-((t - 0.5) ** 2) / 0.02)


def whitened_loss(theta, t, data):
    resid = data - template(theta, t)
    psd = estimate_psd(lax.stop_gradient(resid))
    R = jnp.fft.rfft(resid)
    return jnp.sum(jnp.abs(R) ** 2 / psd) / N


if __name__ == "__main__":
    t = jnp.linspace(0, 1, N)
    rng = np.random.default_rng(2)
    data = template(jnp.array([1.0, 6.0]), t) + 0.1 * jnp.asarray(rng.normal(size=N), jnp.float32)
    theta = jnp.array([0.5, 6.2])
    vg = jax.jit(jax.value_and_grad(whitened_loss))
    for _ in range(4):
        v, g = vg(theta, t, data)
        theta = theta - 1e-4 * g
        print(float(v), theta)
