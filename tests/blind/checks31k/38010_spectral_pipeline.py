"""Spectral-line fitting pipeline assembled from named transforms."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

TRANSFORMS = {
    "jit": jax.jit,
    "vmap": jax.vmap,
    "checkpoint": jax.checkpoint,
}

FIT_JOURNAL = []


def compose(*fns):
    return functools.reduce(lambda f, g: lambda x: f(g(x)), fns, lambda x: x)


def _journal(residual_norm):
    FIT_JOURNAL.append(float(np.asarray(residual_norm)))
    return np.float32(len(FIT_JOURNAL))


def gaussian(x, amp, mu, sigma):
    return amp * jnp.exp(-0.5 * ((x - mu) / sigma) ** 2)


GRID = jnp.linspace(-3.0, 3.0, 25)


def fit_line(spectrum):
    amp = spectrum.max()
    mu = jnp.sum(GRID * spectrum) / jnp.sum(spectrum)
    sigma = jnp.sqrt(jnp.sum((GRID - mu) ** 2 * spectrum) / jnp.sum(spectrum))
    resid = jnp.linalg.norm(spectrum - gaussian(GRID, amp, mu, sigma))
    tick = io_callback(_journal, jax.ShapeDtypeStruct((), jnp.float32), resid, ordered=True)
    return jnp.stack([amp, mu, sigma, tick])


def build(stage_names, fn):
    stages = [TRANSFORMS[name] for name in stage_names]
    return compose(*stages)(fn)


PIPELINE = ("jit", "vmap")


def timed(label):
    """Decorator factory that records wall time per call into TIMINGS."""
    import time

    def deco(fn):
        def inner(*args, **kwargs):
            t0 = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                TIMINGS.setdefault(label, []).append(time.perf_counter() - t0)
        return inner
    return deco


TIMINGS = {}


if __name__ == "__main__":
    spectra = jnp.stack([gaussian(GRID, a, m, 0.5) + 0.01 for a, m in ((1.0, 0.0), (2.0, 0.5), (0.5, -1.0))])
    fitter = build(PIPELINE, fit_line)
    if "vmap" in PIPELINE:
        params = fitter(spectra)
    else:
        params = jnp.stack([fitter(s) for s in spectra])
    print(np.asarray(params).round(3), len(FIT_JOURNAL))
