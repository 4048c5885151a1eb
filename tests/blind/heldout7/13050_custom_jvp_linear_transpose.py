"""Hilbert transform from scipy.signal with a custom JVP (it is linear, so the JVP reuses
the JAX FFT version). The adjoint for a least-squares solver is taken with linear_transpose."""
import jax
import jax.numpy as jnp
import numpy as np
from scipy.signal import hilbert


def _host_hilbert(x):
    return np.imag(hilbert(np.asarray(x))).astype(np.float32)


def _jax_hilbert(x):
    n = x.shape[0]
    h = jnp.zeros(n).at[0].set(1.0).at[1:n // 2].set(2.0).at[n // 2].set(1.0)
    return jnp.imag(jnp.fft.ifft(jnp.fft.fft(x) * h)).astype(x.dtype)


@jax.custom_jvp
def hilbert_imag(x):
    return jax.pure_callback(_host_hilbert, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


@hilbert_imag.defjvp
def _hjvp(p, t):
    return hilbert_imag(p[0]), _jax_hilbert(t[0])


x = jnp.cos(jnp.linspace(0, 4 * jnp.pi, 16))
print(jnp.max(jnp.abs(hilbert_imag(x) - _jax_hilbert(x))))
print(jax.grad(lambda z: jnp.sum(hilbert_imag(z) ** 2))(x)[:3])
H_T = jax.linear_transpose(hilbert_imag, x)
print(H_T(jnp.ones(16))[0][:3])
