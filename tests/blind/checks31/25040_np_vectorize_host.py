import math

import numpy as np
import jax
import jax.numpy as jnp


@np.vectorize
def _lambert_host(x):
    w = 0.5
    for _ in range(30):
        w = w - (w * math.exp(w) - x) / (math.exp(w) * (w + 1))
    return w


def lambert_w(x):
    out = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(lambda a: _lambert_host(a).astype(np.float32), out, x,
                             vmap_method="expand_dims")


def step(carry, x):
    y = lambert_w(x)
    return carry + y, y


print(jax.lax.scan(step, jnp.float32(0.0), jnp.array([0.5, 1.0, 2.0])))
