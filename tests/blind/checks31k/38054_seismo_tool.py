"""seismo: a tiny command-line tool for replaying and summarising seismograph traces."""
import argparse
import sys

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

STATION_LOG = []


def _station_write(trace):
    t = np.asarray(trace)
    STATION_LOG.append((t.shape, float(np.abs(t).max())))
    return np.float32(np.abs(t).max())


def bandpass(trace, low, high):
    spec = jnp.fft.rfft(trace)
    freqs = jnp.fft.rfftfreq(trace.shape[-1], d=0.01)
    mask = (freqs >= low) & (freqs <= high)
    return jnp.fft.irfft(spec * mask, n=trace.shape[-1])


def replay_one(trace, low, high):
    filtered = bandpass(trace, low, high)
    peak = io_callback(_station_write, jax.ShapeDtypeStruct((), jnp.float32), filtered,
                       ordered=True)
    return filtered / jnp.maximum(peak, 1e-6)


def cmd_replay(args, traces):
    out = jax.vmap(replay_one, in_axes=(0, None, None))(traces, args.low, args.high)
    print("replayed", out.shape, len(STATION_LOG))
    return 0


def cmd_summary(args, traces):
    rms = jnp.sqrt(jnp.mean(bandpass(traces, args.low, args.high) ** 2, axis=-1))
    peak = io_callback(_station_write, jax.ShapeDtypeStruct((), jnp.float32), rms,
                       ordered=True)
    print("rms", np.round(np.asarray(rms), 3), float(peak))
    return 0


def build_parser():
    parser = argparse.ArgumentParser(prog="seismo")
    parser.add_argument("--low", type=float, default=1.0)
    parser.add_argument("--high", type=float, default=20.0)
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="filter every station and stream the peaks")
    rp.set_defaults(func=cmd_replay)
    sm = sub.add_parser("summary", help="print band-limited RMS per station")
    sm.set_defaults(func=cmd_summary)
    return parser


def main(argv=None):
    args = build_parser().parse_args(argv)
    t = jnp.linspace(0.0, 0.63, 64)
    traces = jnp.stack([jnp.sin(2 * jnp.pi * f * t) for f in (3.0, 8.0, 30.0)])
    return args.func(args, traces)


if __name__ == "__main__":
    sys.exit(main(["--high", "15", "summary"]))
