import jax
import jax.numpy as jnp

from .lineshapes import voigt


def fit_width(x, observed, sigma0=0.5, gamma=0.2, steps=3):
    def sse(sigma):
        return jnp.sum((voigt(x, sigma, gamma) - observed) ** 2)

    sigma = sigma0
    for _ in range(steps):
        trial = jnp.array([sigma * 0.9, sigma, sigma * 1.1])
        errs = jax.vmap(sse)(trial)
        sigma = trial[jnp.argmin(errs)]
    return sigma
