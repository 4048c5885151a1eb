import jax
import jax.numpy as jnp

from ..filters import lowpass


def _loss(a, y, ref):
    return jnp.mean((lowpass(a * y) - ref) ** 2)


def fit_amplitude(y, ref, a0, steps=5, lr=0.5):
    g = jax.grad(_loss)
    a = jnp.float32(a0)
    for _ in range(steps):
        a = a - lr * g(a, y, ref)
    return a
