"""A command-line tool picks its host-side propagator from a registry by a `--solver` option
whose `choices=` are the registry's sorted keys; the command line chooses the NumPy one (by an
abbreviation of the option), so the host runs NumPy only."""
import argparse
import sys

import jax
import jax.numpy as jnp
import jax.scipy.linalg as jsl
import numpy as np


def _euler(a, dt):
    return np.eye(a.shape[0]) + dt * a


def _expm(a, dt):
    return np.asarray(jsl.expm(jnp.asarray(a * dt)), dtype=np.float64)


SOLVERS = {"euler": _euler, "expm": _expm}


def make_host(method, dt):
    prop = SOLVERS[method]

    def host(rate, state):
        a = np.array([[-float(np.asarray(rate))]])
        return (prop(a, dt) @ np.asarray(state, dtype=np.float64)).astype(np.float32)
    return host


def cmd_run(args):
    host = make_host(args.solver, args.dt)

    @jax.jit
    def run(rate, x0):
        def step(s, _):
            s = jax.pure_callback(host, jax.ShapeDtypeStruct((1,), jnp.float32), rate, s)
            return s, s[0]
        return jax.lax.scan(step, x0, None, length=args.steps)[1]

    print(run(jnp.float32(0.3), jnp.ones(1, jnp.float32)))
    return 0


def main(argv):
    parser = argparse.ArgumentParser(prog="decay")
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run")
    run.add_argument("--solver", choices=sorted(SOLVERS), default="expm")
    run.add_argument("--dt", type=float, default=0.5)
    run.add_argument("--steps", type=int, default=4)
    run.set_defaults(func=cmd_run)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main(["run", "--solv", "euler"]))
