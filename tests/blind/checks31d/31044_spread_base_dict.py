"""Quantile transform of model scores against a host reference sample."""
import jax
import jax.numpy as jnp
import numpy as np

REFERENCE = np.sort(np.random.default_rng(0).normal(size=64)).astype(np.float32)

BASE = {"vmap_method": "expand_dims"}


def host_quantile(scores):
    scores = np.asarray(scores)
    ranks = np.searchsorted(REFERENCE, scores) / REFERENCE.size
    return ranks.astype(scores.dtype)


def to_quantiles(scores, fast=True):
    opts = {**BASE, "vectorized": fast}
    return jax.pure_callback(host_quantile, jax.ShapeDtypeStruct(scores.shape, scores.dtype),
                             scores, **opts)


@jax.jit
def calibrate(scores):
    q = to_quantiles(scores)
    return jnp.clip(q, 0.01, 0.99)


if __name__ == "__main__":
    print(calibrate(jnp.array([-1.0, 0.0, 0.5, 2.0])))
