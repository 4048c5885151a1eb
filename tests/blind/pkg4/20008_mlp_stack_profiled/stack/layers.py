import functools

import jax
import jax.numpy as jnp

from . import hooks


def init_stack(key, sizes):
    ks = jax.random.split(key, len(sizes) - 1)
    return [(0.2 * jax.random.normal(k, (a, b)), jnp.zeros(b)) for k, a, b in zip(ks, sizes[:-1], sizes[1:])]


@functools.partial(jax.remat, prevent_cse=False)
def dense(wb, h):
    w, b = wb
    return jax.nn.gelu(h @ w + b)


def forward(params, x):
    hooks.profile_point(jnp.int32(len(params)))
    for wb in params:
        x = dense(wb, x)
    return x
