"""pkmodel: a small CLI for one-compartment pharmacokinetics (subcommands simulate / report)."""
import argparse
import sys

import jax
import jax.numpy as jnp
import jax.scipy.linalg as jsl
import numpy as np
import scipy.linalg as sl


def _propagator_rk4(a: np.ndarray, dt: float) -> np.ndarray:
    eye = np.eye(a.shape[0], dtype=np.float64)
    k1 = a
    k2 = a @ (eye + 0.5 * dt * k1)
    k3 = a @ (eye + 0.5 * dt * k2)
    k4 = a @ (eye + dt * k3)
    return eye + dt / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4)


def _propagator_expm(a: np.ndarray, dt: float) -> np.ndarray:
    return np.asarray(jsl.expm(jnp.asarray(a * dt)), dtype=np.float64)


def _propagator_pade(a: np.ndarray, dt: float) -> np.ndarray:
    return sl.expm(a * dt)


PROPAGATORS = {"rk4": _propagator_rk4, "expm": _propagator_expm, "pade": _propagator_pade}


def make_host(method: str, dt: float):
    prop = PROPAGATORS[method]

    def host(rates, state):
        ka, ke = (float(v) for v in np.asarray(rates))
        a = np.array([[-ka, 0.0], [ka, -ke]])
        return (prop(a, dt) @ np.asarray(state, dtype=np.float64)).astype(np.float32)
    return host


def cmd_simulate(args) -> int:
    host = make_host(args.solver, args.dt)

    @jax.jit
    def run(rates, dose):
        def step(s, _):
            s = jax.pure_callback(host, jax.ShapeDtypeStruct((2,), jnp.float32), rates, s)
            return s, s[1]
        _, plasma = jax.lax.scan(step, jnp.array([dose, 0.0], jnp.float32), None, length=args.steps)
        return plasma

    plasma = run(jnp.array([args.ka, args.ke], jnp.float32), jnp.float32(args.dose))
    if args.verbose:
        print(np.round(np.asarray(plasma), 3))
    print("cmax", float(plasma.max()))
    return 0


def cmd_report(args) -> int:
    t_half = np.log(2.0) / args.ke
    print(f"half-life {t_half:.2f} h")
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="pkmodel")
    parser.add_argument("--verbose", action="store_true")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate")
    sim.add_argument("--solver", choices=sorted(PROPAGATORS), default="expm")
    sim.add_argument("--dt", type=float, default=0.5)
    sim.add_argument("--steps", type=int, default=8)
    sim.add_argument("--dose", type=float, default=100.0)
    sim.set_defaults(func=cmd_simulate)
    rep = sub.add_parser("report")
    rep.set_defaults(func=cmd_report)
    for p in (sim, rep):
        p.add_argument("--ka", type=float, default=1.1)
        p.add_argument("--ke", type=float, default=0.2)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main(["--verbose", "simulate", "--steps", "6"]))
