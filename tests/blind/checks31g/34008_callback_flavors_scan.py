# shape from: jax-ml/jax tests/python_callback_test.py (callback flavours as functools.partial objects)
"""Same host effect through each io_callback flavour, mapped with lax.map (a scan)."""
import functools
from typing import Callable

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

io_callback_ordered = functools.partial(io_callback, ordered=True)
io_callback_unordered = functools.partial(io_callback, ordered=False)

FLAVOURS: dict[str, Callable] = {
    "io_unordered": io_callback_unordered,
    "io_ordered": io_callback_ordered,
}

_seen: list[float] = []


def _host_square(x):
    x = np.asarray(x)
    _seen.append(float(x.sum()))
    return np.square(x).astype(x.dtype)


def squared(callback: Callable, x: jax.Array) -> jax.Array:
    return callback(_host_square, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


def run_flavour(name: str, xs: jax.Array) -> jax.Array:
    cb = FLAVOURS[name]
    return jax.jit(lambda v: jax.lax.map(functools.partial(squared, cb), v))(xs)


if __name__ == "__main__":
    xs = jnp.arange(6.0).reshape(3, 2)
    for flavour in ("io_unordered", "io_ordered"):
        out = run_flavour(flavour, xs)
        np.testing.assert_allclose(out, np.square(np.asarray(xs)))
        print(flavour, "ok", len(_seen))
