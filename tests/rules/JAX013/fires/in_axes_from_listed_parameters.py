import inspect

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


def _host(s):
    return np.float32(np.sum(s))


def price(spot, scale):
    audit = io_callback(_host, jax.ShapeDtypeStruct((), jnp.float32), scale, ordered=True)  # EXPECT: JAX013
    return spot * scale + 0.0 * audit


def batch_over(fn, *names):
    params = list(inspect.signature(fn).parameters)
    return jax.vmap(fn, in_axes=tuple(0 if p in names else None for p in params))


if __name__ == "__main__":
    print(batch_over(price, "spot", "scale")(jnp.ones(3), jnp.ones(3)))
