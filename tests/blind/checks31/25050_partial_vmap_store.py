from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


class ResultStore:
    def __init__(self):
        self.rows = []

    def write(self, row):
        self.rows.append(np.asarray(row).tolist())
        return np.int32(len(self.rows))


store = ResultStore()


def persist(row):
    return io_callback(store.write, jax.ShapeDtypeStruct((), jnp.int32), row, ordered=True)


@jax.jit
@partial(jax.vmap, in_axes=(0, None))
def score(x, w):
    s = jnp.tanh(x * w)
    persist(s)
    return s.sum()


print(score(jnp.ones((2, 3)), jnp.float32(0.5)))
