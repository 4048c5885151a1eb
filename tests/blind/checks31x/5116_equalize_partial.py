"""Histogram equalisation on the host with a partial whose keyword a later call may override."""
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp


def equalize(values, bins=8, normalize=False):
    v = np.asarray(values)
    hist, edges = np.histogram(v, bins=bins)
    cdf = np.cumsum(hist).astype(np.float32)
    if normalize:
        cdf = np.asarray(jax.nn.softmax(cdf))
    else:
        cdf = cdf / cdf[-1]
    idx = np.clip(np.digitize(v, edges[1:-1]), 0, bins - 1)
    return cdf[idx].astype(np.float32)


eq_host = partial(equalize, bins=4, normalize=True)


def remap(x, **call_kw):
    spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(lambda a: eq_host(a, **call_kw), spec, x)


@jax.jit
def pipeline(img):
    flat = img.reshape(-1)
    mapped = remap(flat)
    return mapped.reshape(img.shape)


def test_image():
    return jnp.arange(16.0).reshape(4, 4) ** 1.5


if __name__ == "__main__":
    out = pipeline(test_image())
    print(out.shape, float(out.sum()))
