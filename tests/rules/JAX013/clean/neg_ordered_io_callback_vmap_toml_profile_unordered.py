"""A TOML profile keeps the sink callback unordered, so vmapping it runs."""
import tomllib

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

PROFILE = """
[sink]
ordered = false
batch = 4
"""
ROWS = []


def _sink(x):
    ROWS.append(float(np.asarray(x)))
    return np.float32(x)


def main():
    sink = tomllib.loads(PROFILE)["sink"]

    def one(x):
        return io_callback(_sink, jax.ShapeDtypeStruct((), jnp.float32), x,
                           ordered=sink["ordered"])
    print(jax.vmap(one)(jnp.arange(float(sink["batch"]))))


main()
