"""Column statistics on the host, dispatched with operator.methodcaller."""
import operator

import jax
import jax.numpy as jnp
import numpy as np


class ColumnStats:
    def __init__(self, data):
        self.data = data

    def centre(self):
        return self.data - self.data.mean(axis=0)

    def standardise(self):
        spread = jnp.std(self.data, axis=0)
        return self.centre() / np.asarray(spread)


def host_transform(method_name):
    call = operator.methodcaller(method_name)

    def host(table):
        stats = ColumnStats(np.asarray(table))
        return call(stats).astype(np.float32)
    return host


def preprocess(table, how="standardise"):
    return jax.pure_callback(host_transform(how),
                             jax.ShapeDtypeStruct(table.shape, jnp.float32), table)


if __name__ == "__main__":
    tbl = jnp.array([[1.0, 10.0], [2.0, 20.0], [4.0, 25.0]])
    print(jax.jit(preprocess)(tbl))
