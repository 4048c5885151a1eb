"""An argparse tool whose `train` handler differentiates a custom_vjp with a short bwd; the
command line the script parses chooses `report`, which only evaluates it forward."""
import argparse
import sys

import jax
import jax.numpy as jnp


@jax.custom_vjp
def scaled_sum(w, x):
    return jnp.sum(w * x)


def _scaled_sum_fwd(w, x):
    return scaled_sum(w, x), (w, x)


def _scaled_sum_bwd(res, g):
    w, x = res
    return (g * x,)


scaled_sum.defvjp(_scaled_sum_fwd, _scaled_sum_bwd)


def run_train(opts):
    w = jnp.ones(3)
    print(jax.grad(scaled_sum)(w, jnp.arange(3.0) * opts.scale))


def run_report(opts):
    print(scaled_sum(jnp.ones(3), jnp.arange(3.0) * opts.scale))


def main(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--scale", type=float, default=1.0)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("train").set_defaults(handler=run_train)
    commands.add_parser("report").set_defaults(handler=run_report)
    opts = parser.parse_args(argv)
    opts.handler(opts)


if __name__ == "__main__":
    main(["--scale", "2", "report"])
    sys.exit(0)
