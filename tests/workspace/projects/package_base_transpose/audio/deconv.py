import jax
import jax.numpy as jnp

from audio import filters


def deblur(signal, steps=3, rate=0.5):
    estimate = jnp.zeros_like(signal)
    adjoint = jax.linear_transpose(filters.smooth, estimate)  # EXPECT: JAX006
    for _ in range(steps):
        (g,) = adjoint(filters.smooth(estimate) - signal)
        estimate = estimate - rate * g
    return estimate
