"""Pseudo-spectral Burgers solver for a batch of initial conditions.

Each step reports a diagnostic through an ordered host log.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

DIAG = []


def _diag_host(v):
    DIAG.append(float(np.asarray(v)))


def wavenumbers(n, length=2 * np.pi):
    return 2.0 * jnp.pi * jnp.fft.fftfreq(n, d=length / n)


def rhs(u, k, nu):
    uh = jnp.fft.fft(u)
    ux = jnp.real(jnp.fft.ifft(1j * k * uh))
    uxx = jnp.real(jnp.fft.ifft(-(k ** 2) * uh))
    return -u * ux + nu * uxx


def step(u, k, dt, nu):
    u = u + dt * rhs(u, k, nu)
    energy = 0.5 * jnp.mean(u ** 2)
    kmax = jnp.max(jnp.abs(k))
    io_callback(_diag_host, None, energy, ordered=True)
    return u, kmax


def solve(u0, n_steps=3, dt=0.01, nu=0.05):
    k = wavenumbers(u0.shape[0])
    u = u0
    for _ in range(n_steps):
        u, kmax = step(u, k, dt, nu)
    return u, kmax


def initial(n_ic=3, n=16):
    x = jnp.linspace(0.0, 2 * jnp.pi, n, endpoint=False)
    amps = jnp.linspace(0.5, 1.0, n_ic)
    return amps[:, None] * jnp.sin(x)[None, :]


def main():
    u0 = initial()
    u, kmax = jax.vmap(solve)(u0)
    print("kmax", np.asarray(kmax)[0], "norm", float(jnp.linalg.norm(u)), len(DIAG))


if __name__ == "__main__":
    main()
