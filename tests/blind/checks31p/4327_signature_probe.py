"""Wrapper that picks the batching keyword of jax.pure_callback by inspecting its signature."""
import inspect

import jax
import jax.numpy as jnp
import numpy as np

_PARAMS = inspect.signature(jax.pure_callback).parameters
if "vectorized" in _PARAMS or "kwargs" in _PARAMS:
    _BATCH_KW = {"vectorized": True}
else:
    _BATCH_KW = {"vmap_method": "legacy_vectorized"}


def host_logistic_cdf(x, loc, scale):
    x = np.asarray(x, dtype=np.float64)
    return (1.0 / (1.0 + np.exp(-(x - float(np.asarray(loc))) / float(np.asarray(scale))))).astype(np.float32)


def logistic_cdf(x, loc=0.0, scale=1.0):
    spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(host_logistic_cdf, spec, x, loc, scale, **_BATCH_KW)


def ordinal_probs(score, cutpoints):
    c = logistic_cdf(cutpoints - score)
    c = jnp.concatenate([jnp.zeros(1), c, jnp.ones(1)])
    return jnp.diff(c)


if __name__ == "__main__":
    cut = jnp.array([-1.0, 0.0, 1.5])
    probs = jax.jit(ordinal_probs)(0.3, cut)
    print(np.round(np.asarray(probs), 4), float(probs.sum()))
