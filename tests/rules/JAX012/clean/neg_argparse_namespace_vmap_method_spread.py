"""A script's command-line options, parsed by argparse, are spread into `jax.pure_callback` as
keywords (`**vars(args)`): the parser defines `--vmap-method` (key `vmap_method`) and a
`--vectorized` flag whose default is `argparse.SUPPRESS`, so the namespace holds no
`vectorized` unless the command line gives it, and this one does not."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np


def build_parser():
    parser = argparse.ArgumentParser(description="host-side median filter")
    parser.add_argument("--vmap-method", default="sequential",
                        choices=["sequential", "expand_dims", "broadcast_all"])
    parser.add_argument("--vectorized", action="store_true", default=argparse.SUPPRESS,
                        help="(removed from JAX: kept so old command lines still parse)")
    return parser


def host_median3(x):
    x = np.asarray(x)
    padded = np.pad(x, 1, mode="edge")
    return np.median(np.stack([padded[:-2], padded[1:-1], padded[2:]]), axis=0).astype(x.dtype)


def median3(x, options):
    return jax.pure_callback(host_median3, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             **vars(options))


if __name__ == "__main__":
    args = build_parser().parse_args([])
    signals = jnp.array([[1.0, 9.0, 2.0, 3.0], [8.0, 4.0, 4.0, 0.0]])
    print(jax.vmap(lambda s: median3(s, args))(signals))
