"""An argparse tool whose `--keep-order` flag orders its journal callback; `main(argv=None)`
is called with none, so `parse_args(None)` reads the process's own command line, and run
with no arguments the flag is off: the vmapped io_callback is unordered."""
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
        return io_callback(_journal, jax.ShapeDtypeStruct((), jnp.float32), x,
                           ordered=opts.keep_order)
    return jax.vmap(step)(jnp.arange(float(opts.rows)))


def main(argv=None):
    parser = argparse.ArgumentParser(prog="journal")
    parser.add_argument("--keep-order", action="store_true")
    parser.add_argument("--rows", type=int, default=3)
    print(run(parser.parse_args(argv)))


if __name__ == "__main__":
    main()
