"""A `@contextlib.contextmanager` swaps the global host for a wrapper taking `**kwargs` for
its block, and the jitted function is first called (traced) inside it: the callback's host
is the wrapper, which takes the `vectorized=` JAX hands on, so nothing fails."""
import contextlib

import jax
import jax.numpy as jnp
import numpy as np


def _table(x):
    return (0.5 * np.tanh(np.asarray(x))).astype(np.float32)


def _tolerant(fn):
    def wrapper(*args, **_ignored):
        return fn(*args)
    return wrapper


HOST = _table


@contextlib.contextmanager
def _lenient():
    global HOST
    saved = HOST
    HOST = _tolerant(saved)
    try:
        yield
    finally:
        HOST = saved


def _lookup(x):
    spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(HOST, spec, x, vectorized=True)


if __name__ == "__main__":
    x = jnp.linspace(0.0, 2.0, 5)
    with _lenient():
        out = jax.jit(_lookup)(x)
    print(np.round(np.asarray(out), 3))
