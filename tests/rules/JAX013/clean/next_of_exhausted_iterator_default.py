"""`next(it, None)` of an iterator class already at its limit: its `__next__` never reaches the vmapped audit."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

seen = []


def log_host(row):
    seen.append(float(np.asarray(row).sum()))


def audit(row):
    io_callback(log_host, None, row, ordered=True)
    return row.sum()


class Levels:
    def __init__(self, limit):
        self.level, self.limit = 0, limit

    def __iter__(self):
        return self

    def __next__(self):
        if self.level >= self.limit:
            raise StopIteration
        self.level += 1
        return jax.vmap(audit)(jnp.ones((2, 3)) * self.level)


levels = Levels(0)
first = next(levels, None)
print(first is None, len(seen))
