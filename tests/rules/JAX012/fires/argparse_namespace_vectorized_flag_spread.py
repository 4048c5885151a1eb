"""A script's command-line options, parsed by argparse, are spread into `jax.pure_callback` as
keywords (`**vars(args)`); the parser defines a `--vectorized` flag (its `store_true` default
is False), so the namespace always holds `vectorized` and JAX passes it on to the host."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np


def build_parser():
    parser = argparse.ArgumentParser(description="host-side median filter")
    parser.add_argument("--vectorized", action="store_true",
                        help="the host filter accepts a batch")
    return parser


def host_median3(x):
    x = np.asarray(x)
    padded = np.pad(x, 1, mode="edge")
    return np.median(np.stack([padded[:-2], padded[1:-1], padded[2:]]), axis=0).astype(x.dtype)


def median3(x, options):
    return jax.pure_callback(host_median3, jax.ShapeDtypeStruct(x.shape, x.dtype), x,  # EXPECT: JAX012
                             **vars(options))


if __name__ == "__main__":
    args = build_parser().parse_args([])
    signal = jnp.array([1.0, 9.0, 2.0, 3.0, 8.0, 4.0])
    print(jax.jit(lambda s: median3(s, args))(signal))
