"""An argparse tool whose `--any-order` flag drops its journal callback's ordering; the script
parses the process's own command line (`parse_args()`), and run with no arguments the flag is
off, so the vmapped io_callback is ordered."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

JOURNAL = []


def _journal(x):
    JOURNAL.append(float(np.asarray(x)))
    return np.float32(x)


def run(opts):
    def step(x):
        return io_callback(_journal, jax.ShapeDtypeStruct((), jnp.float32), x,  # EXPECT: JAX013
                           ordered=not opts.any_order)
    return jax.vmap(step)(jnp.arange(float(opts.rows)))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="journal")
    parser.add_argument("--any-order", action="store_true")
    parser.add_argument("--rows", type=int, default=3)
    print(run(parser.parse_args()))
