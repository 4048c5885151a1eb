import jax
import jax.numpy as jnp

from telemetry import tap

SIZES = (4, 8, 8, 2)


def init_params(key):
    params = []
    for i, (m, n) in enumerate(zip(SIZES[:-1], SIZES[1:])):
        key, sub = jax.random.split(key)
        params.append((jax.random.normal(sub, (m, n)) / jnp.sqrt(m), jnp.zeros(n)))
    return params


def forward(params, x):
    h = x
    for i, (w, b) in enumerate(params[:-1]):
        h = jnp.tanh(h @ w + b)
        h, _ = tap(i, h)
    w, b = params[-1]
    return h @ w + b


def predict(params, x):
    h = x
    for w, b in params[:-1]:
        h = jnp.tanh(h @ w + b)
    w, b = params[-1]
    return h @ w + b
