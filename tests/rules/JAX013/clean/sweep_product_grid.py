"""a product grid plus one extra pair: batching only pairs with record=False"""
import itertools
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


def host_log(x):
    return np.float32(0.0)


def step(x, record):
    if record:
        io_callback(host_log, jax.ShapeDtypeStruct((), jnp.float32), x[0], ordered=True)
    return x * 2.0


def run(mode, record):
    if mode == "batched":
        return jax.vmap(lambda x: step(x, record))(jnp.ones((3, 2)))
    return step(jnp.ones(2), record)


GRID = list(itertools.product(["single"], [False, True])) + [("batched", False)]

if __name__ == "__main__":
    for mode, record in GRID:
        print(run(mode, record))
