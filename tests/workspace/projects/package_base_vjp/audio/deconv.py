import jax
import jax.numpy as jnp

from audio import filters


def deblur(signal, steps=3, rate=0.5):
    estimate = jnp.zeros_like(signal)
    for _ in range(steps):
        blurred, adjoint = jax.vjp(filters.smooth, estimate)
        (g,) = adjoint(blurred - signal)
        estimate = estimate - rate * g
    return estimate
