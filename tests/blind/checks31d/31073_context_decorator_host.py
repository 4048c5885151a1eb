"""Host routine timed by a ContextDecorator; the host declares the flag it receives."""
import contextlib
import time

import jax
import jax.numpy as jnp
import numpy as np


class stopwatch(contextlib.ContextDecorator):
    totals = {}

    def __init__(self, name):
        self.name = name

    def __enter__(self):
        self.t0 = time.perf_counter()
        return self

    def __exit__(self, *exc):
        stopwatch.totals[self.name] = time.perf_counter() - self.t0
        return False


@stopwatch("host_sort")
def host_sorted_unique_count(x, vectorized=False):
    x = np.asarray(x)
    rows = x if vectorized else x[None]
    return np.asarray([np.unique(r).size for r in rows], dtype=np.int32).reshape(x.shape[:-1])


@jax.jit
def diversity(tokens):
    return jax.pure_callback(host_sorted_unique_count,
                             jax.ShapeDtypeStruct(tokens.shape[:-1], jnp.int32), tokens,
                             vectorized=True)


if __name__ == "__main__":
    print(diversity(jnp.array([[1, 2, 2, 3], [4, 4, 4, 4]])), list(stopwatch.totals))
