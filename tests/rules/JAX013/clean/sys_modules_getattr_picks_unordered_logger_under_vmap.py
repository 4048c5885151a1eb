"""the logger is read off the module itself by a computed name (`getattr(sys.modules[__name__],
...)`): "quick" picks the unordered one, called inside a vmapped function"""
import sys

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

MODE = "quick"
rows = []


def _keep(v):
    rows.append(float(np.asarray(v)))
    return np.float32(0.0)


def audit_logger(v):
    return io_callback(_keep, jax.ShapeDtypeStruct((), jnp.float32), v, ordered=True)


def quick_logger(v):
    return io_callback(_keep, jax.ShapeDtypeStruct((), jnp.float32), v)


def score(x):
    log = getattr(sys.modules[__name__], MODE + "_logger")
    s = jnp.sum(x ** 2)
    return s + log(s)


if __name__ == "__main__":
    print(jax.vmap(score)(jnp.ones((3, 2))), len(rows))
