"""glacier: CLI for a degree-day melt model (subcommands calibrate / forecast)."""
import argparse
import sys

import jax
import jax.numpy as jnp
import numpy as np

LAPSE = -0.0065


def melt_host(temp, elevation, ddf):
    t = np.asarray(temp, dtype=np.float64)
    z = np.asarray(elevation, dtype=np.float64)
    k = float(np.asarray(ddf))
    t_local = t + LAPSE * (z - 1500.0)
    return (k * np.maximum(t_local, 0.0)).astype(np.float32)


def melt(temp, elevation, ddf, **cb_opts):
    spec = jax.ShapeDtypeStruct(elevation.shape, jnp.float32)
    return jax.pure_callback(melt_host, spec, temp, elevation, ddf, **cb_opts)


def callback_options(args) -> dict:
    opts = vars(args)
    return {"vectorized": True} if opts.get("legacy_batching") else {}


def cmd_calibrate(args) -> int:
    obs = jnp.array([2.1, 1.4, 0.6], jnp.float32)
    elev = jnp.array([1400.0, 1700.0, 2100.0], jnp.float32)
    cb = callback_options(args)
    loss = lambda k: jnp.mean((melt(jnp.float32(6.0), elev, k, **cb) - obs) ** 2)
    grid = jnp.linspace(0.1, 1.0, 10, dtype=jnp.float32)
    losses = [float(jax.jit(loss)(k)) for k in grid]
    print("best ddf", float(grid[int(np.argmin(losses))]))
    return 0


def cmd_forecast(args) -> int:
    elev = jnp.linspace(1200.0, 2400.0, args.bands, dtype=jnp.float32)
    temps = jnp.array([3.0, 5.5, 8.0], jnp.float32)
    cb = callback_options(args)
    daily = jax.jit(lambda t: melt(t, elev, jnp.float32(args.ddf), **cb))
    total = sum(float(daily(t).sum()) for t in temps)
    print(f"forecast melt {total:.2f} mm w.e.")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="glacier")
    p.add_argument("--legacy-batching", action="store_true")
    sub = p.add_subparsers(dest="cmd", required=True)
    cal = sub.add_parser("calibrate")
    cal.set_defaults(func=cmd_calibrate)
    fc = sub.add_parser("forecast")
    fc.add_argument("--bands", type=int, default=4)
    fc.add_argument("--ddf", type=float, default=0.45)
    fc.set_defaults(func=cmd_forecast, legacy_batching=True)
    return p


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main(["calibrate"]))
