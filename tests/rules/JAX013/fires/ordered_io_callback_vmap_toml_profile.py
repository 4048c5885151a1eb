"""A TOML profile turns the sink callback ordered; the callback is vmapped."""
import tomllib

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

PROFILE = """
[sink]
ordered = true
batch = 4
"""
ROWS = []


def _sink(x):
    ROWS.append(float(np.asarray(x)))
    return np.float32(x)


def main():
    sink = tomllib.loads(PROFILE)["sink"]

    def one(x):
        return io_callback(_sink, jax.ShapeDtypeStruct((), jnp.float32), x,  # EXPECT: JAX013
                           ordered=sink["ordered"])
    print(jax.vmap(one)(jnp.arange(float(sink["batch"]))))


main()
