"""hydro: fit or calibrate a rating curve (stage -> discharge) from the command line."""
import argparse
import functools
import sys

import jax
import jax.numpy as jnp

STAGE = jnp.array([0.4, 0.7, 1.1, 1.6, 2.2])
FLOW = jnp.array([1.9, 5.1, 12.0, 24.5, 45.0])


@functools.partial(jax.custom_vjp, nondiff_argnums=(2,))
def rating_residual(params, stage, datum):
    a, b = params[0], params[1]
    return a * jnp.maximum(stage - datum, 1e-3) ** b


def _rr_fwd(params, stage, datum):
    h = jnp.maximum(stage - datum, 1e-3)
    return params[0] * h ** params[1], (params, h)


def _rr_bwd(datum, res, g):
    params, h = res
    a, b = params[0], params[1]
    da = jnp.sum(g * h ** b)
    db = jnp.sum(g * a * h ** b * jnp.log(h))
    dh = g * a * b * h ** (b - 1.0)
    return jnp.stack([da, db]), dh, jnp.zeros(())


rating_residual.defvjp(_rr_fwd, _rr_bwd)


def sse(params, datum):
    return jnp.sum((rating_residual(params, STAGE, datum) - FLOW) ** 2)


def power_law(params, datum):
    return params[0] * jnp.maximum(STAGE - datum, 1e-3) ** params[1]


def cmd_fit(args):
    params = jnp.array([8.0, 1.5])
    for _ in range(args.steps):
        params = params - args.lr * jax.grad(sse)(params, args.datum)
    print("fit", params)
    return 0


def cmd_calibrate(args):
    params = jnp.array([8.0, 1.5])
    j = jax.jacfwd(power_law)(params, args.datum)
    print("calibrate", j.shape, float(sse(params, args.datum)))
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(prog="hydro")
    parser.add_argument("--datum", type=float, default=0.1)
    sub = parser.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("fit")
    f.add_argument("--steps", type=int, default=3)
    f.add_argument("--lr", type=float, default=1e-4)
    f.set_defaults(func=cmd_fit)
    c = sub.add_parser("calibrate")
    c.set_defaults(func=cmd_calibrate)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main(["--datum", "0.2", "fit", "--steps", "2"]))
