"""Sweep over host-call options built with itertools.product; every variant is evaluated."""
import itertools
import numpy as np
import jax
import jax.numpy as jnp

BASE = dict(vmap_method="sequential")


def median_filter_host(x, width):
    x = np.asarray(x)
    width = int(np.asarray(width))
    pad = width // 2
    padded = np.pad(x, pad, mode="edge")
    return np.array([np.median(padded[i:i + width]) for i in range(x.size)], dtype=x.dtype)


def filtered(x, width, opts):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(median_filter_host, spec, x, jnp.int32(width), **opts)


def variants(widths, flags):
    for width, flag in itertools.product(widths, flags):
        yield width, BASE | {"vmap_method": flag}


def score(x, clean):
    return float(jnp.mean((x - clean) ** 2))


if __name__ == "__main__":
    t = jnp.linspace(0, 1, 12)
    clean = jnp.sin(2 * jnp.pi * t)
    noisy = clean.at[3].add(2.0).at[8].add(-2.0)
    results = {}
    for width, opts in variants((3, 5), ("expand_dims",)):
        run = jax.jit(lambda v, w=width, o=opts: filtered(v, w, o))
        out = run(noisy)
        results[width] = score(out, clean)
    print(results)
