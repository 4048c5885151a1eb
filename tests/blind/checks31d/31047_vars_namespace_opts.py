"""Command-line style options (a Namespace) forwarded straight into the callback."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np


def parse(argv=()):
    ap = argparse.ArgumentParser()
    ap.add_argument("--vectorized", action="store_true", default=True)
    return ap.parse_args(list(argv))


def host_rank(x):
    x = np.asarray(x)
    return np.argsort(np.argsort(x)).astype(np.int32)


def ranks(x, cb_opts):
    return jax.pure_callback(host_rank, jax.ShapeDtypeStruct(x.shape, jnp.int32), x,
                             **vars(cb_opts))


def spearman(a, b, cb_opts):
    ra = ranks(a, cb_opts).astype(jnp.float32)
    rb = ranks(b, cb_opts).astype(jnp.float32)
    ra, rb = ra - ra.mean(), rb - rb.mean()
    return (ra * rb).sum() / jnp.sqrt((ra ** 2).sum() * (rb ** 2).sum())


if __name__ == "__main__":
    opts = parse()
    a = jnp.array([0.1, 0.4, 0.3, 0.9]); b = jnp.array([1.0, 3.0, 2.0, 5.0])
    print(jax.jit(lambda u, v: spearman(u, v, opts))(a, b))
