# numpy FFT-based forward operator for a deconvolution problem; adjoint obtained by linear_transpose
import jax
import jax.numpy as jnp
import numpy as np

n = 16
psf = np.exp(-0.5 * ((np.arange(n) - n // 2) / 1.5) ** 2)
psf_hat = np.fft.fft(np.fft.ifftshift(psf / psf.sum()))


def _blur_host(x):
    return np.real(np.fft.ifft(np.fft.fft(x) * psf_hat)).astype(np.float32)


def A(x):
    return jax.pure_callback(_blur_host, jax.ShapeDtypeStruct(x.shape, jnp.float32), x)


x_true = jnp.zeros(n).at[5].set(1.0).at[11].set(0.5)
b = A(x_true)
A_T = jax.linear_transpose(A, jnp.zeros(n, jnp.float32))


def landweber(b, steps=20, tau=1.0):
    x = jnp.zeros_like(b)
    for _ in range(steps):
        (r,) = A_T(b - A(x))
        x = x + tau * r
    return x


print(landweber(b))
