import jax
import jax.numpy as jnp

from ..utils import counted


def init_mlp(key, sizes):
    params = []
    for din, dout in zip(sizes[:-1], sizes[1:]):
        key, sub = jax.random.split(key)
        params.append((jax.random.normal(sub, (din, dout)) / jnp.sqrt(din), jnp.zeros(dout)))
    return params


@counted
@jax.checkpoint
def dense_tanh(w, b, h):
    return jnp.tanh(h @ w + b)


def mlp_apply(params, x):
    h = x
    for w, b in params[:-1]:
        h = dense_tanh(w, b, h)
    w, b = params[-1]
    return h @ w + b
