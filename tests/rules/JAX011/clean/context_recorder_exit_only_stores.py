"""The host records into a context manager whose `__exit__` only stores; the jnp summary runs
after the jitted call, outside any host."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


class Recorder:
    def __init__(self):
        self.rows = []
        self.last = []

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        if self.rows:
            self.last.append(self.rows[-1])
        return False

    def add(self, row):
        self.rows.append(row)

    def means(self):
        return [float(jnp.mean(jnp.asarray(r))) for r in self.last]


REC = Recorder()


def log_row(x):
    with REC as rec:
        rec.add(np.asarray(x).copy())


@jax.jit
def f(x):
    io_callback(log_row, None, x)
    return x * 2


print(f(jnp.ones(3)), REC.means())
