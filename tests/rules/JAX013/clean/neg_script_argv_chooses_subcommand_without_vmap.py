"""Near miss: the script's command line (a list written in its `__main__` block) chooses the
`total` subcommand; `batch`, whose handler vmaps the ordered io_callback, is never chosen
(argparse takes a subparser by its exact name or alias only)."""
import argparse

import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

TAPE = []


def _tape(x):
    TAPE.append(np.asarray(x).copy())
    return np.float32(np.asarray(x).sum())


def emit(x):
    return io_callback(_tape, jax.ShapeDtypeStruct((), jnp.float32), x, ordered=True)


def run_batch(opts, xs):
    return jax.vmap(emit)(xs * opts.scale)


def run_total(opts, xs):
    return emit(xs * opts.scale)


def make_cli():
    cli = argparse.ArgumentParser()
    cli.add_argument("--scale", type=float, default=2.0)
    commands = cli.add_subparsers(dest="cmd", required=True)
    commands.add_parser("batch", aliases=["b"]).set_defaults(handler=run_batch)
    tot = commands.add_parser("total")
    tot.set_defaults(handler=run_total)
    return cli


def entry(argv):
    opts = make_cli().parse_args(argv)
    return opts.handler(opts, jnp.arange(6.0).reshape(3, 2))


if __name__ == "__main__":
    print(entry(["--scale", "0.5", "total"]), len(TAPE))
