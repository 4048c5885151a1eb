"""An argparse tool with a `replay` subcommand whose vmapped journal callback is ordered; the
parser's own default handler prints a summary. Run with no arguments (`parse_args()` reads
the process's command line), no subcommand is chosen, so `replay` never runs."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

JOURNAL = []


def _journal(x):
    JOURNAL.append(float(np.asarray(x)))
    return np.float32(x)


def summary(opts):
    print("rows:", opts.rows)


def replay(opts):
    def step(x):
        return io_callback(_journal, jax.ShapeDtypeStruct((), jnp.float32), x, ordered=True)
    print(jax.vmap(step)(jnp.arange(float(opts.rows))))


def build():
    parser = argparse.ArgumentParser(prog="journal")
    parser.add_argument("--rows", type=int, default=3)
    parser.set_defaults(handler=summary)
    commands = parser.add_subparsers(dest="command")
    commands.add_parser("replay").set_defaults(handler=replay)
    return parser


if __name__ == "__main__":
    options = build().parse_args()
    options.handler(options)
