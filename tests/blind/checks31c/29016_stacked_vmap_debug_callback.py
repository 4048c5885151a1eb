from functools import partial

import numpy as np
import jax
import jax.numpy as jnp

_distances = []


def _emit(d):
    _distances.append(float(d))


def trace_value(v):
    jax.debug.callback(_emit, v, ordered=True)
    return v


@partial(jax.vmap, in_axes=(None, 0))
@partial(jax.vmap, in_axes=(0, None))
def pairwise_sqdist(a, b):
    d = jnp.sum((a - b) ** 2)
    return trace_value(d)


P = jnp.arange(6.0).reshape(3, 2)
Q = jnp.ones((4, 2))
print(pairwise_sqdist(P, Q).shape, len(_distances))
