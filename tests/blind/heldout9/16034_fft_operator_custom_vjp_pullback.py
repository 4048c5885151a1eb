# numpy FFT-based forward operator with a custom_vjp adjoint; adjoint applied via jax.vjp
import jax
import jax.numpy as jnp
import numpy as np

n = 16
psf = np.exp(-0.5 * ((np.arange(n) - n // 2) / 1.5) ** 2)
psf_hat = np.fft.fft(np.fft.ifftshift(psf / psf.sum()))


def _blur_host(x):
    return np.real(np.fft.ifft(np.fft.fft(x) * psf_hat)).astype(np.float32)


def _blur_adj_host(y):
    return np.real(np.fft.ifft(np.fft.fft(y) * np.conj(psf_hat))).astype(np.float32)


@jax.custom_vjp
def A(x):
    return jax.pure_callback(_blur_host, jax.ShapeDtypeStruct(x.shape, jnp.float32), x)


A.defvjp(lambda x: (A(x), None),
         lambda _, g: (jax.pure_callback(_blur_adj_host, jax.ShapeDtypeStruct(g.shape, g.dtype), g),))


def landweber(b, steps=20, tau=1.0):
    x = jnp.zeros_like(b)
    for _ in range(steps):
        Ax, pullback = jax.vjp(A, x)
        (r,) = pullback(b - Ax)
        x = x + tau * r
    return x


x_true = jnp.zeros(n).at[5].set(1.0).at[11].set(0.5)
print(landweber(A(x_true)))
