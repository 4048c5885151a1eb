"""Attenuation table lookup, with a compatibility shim for the legacy callback keyword."""
import numpy as np
import jax
import jax.numpy as jnp
from jax import pure_callback

ENERGY = np.geomspace(0.01, 10.0, 40)
MU = 0.2 * ENERGY ** -0.8 + 0.02


def host_mu(e):
    ev = np.asarray(e)
    return np.exp(np.interp(np.log(ev), np.log(ENERGY), np.log(MU))).astype(ev.dtype)


def attenuation(e):
    return pure_callback(host_mu, jax.ShapeDtypeStruct(e.shape, e.dtype), e, vectorized=True)


def transmitted(i0, e, thickness):
    return i0 * jnp.exp(-attenuation(e) * thickness)


REFERENCE = transmitted(1.0, jnp.array([0.1, 1.0], dtype=jnp.float32), 2.0)


def pure_callback(callback, result_shape, *args, vectorized=None, **kwargs):
    """Accept the pre-0.5 `vectorized` keyword and drop it."""
    if vectorized and "vmap_method" not in kwargs:
        kwargs["vmap_method"] = "legacy_vectorized"
    return jax.pure_callback(callback, result_shape, *args, **kwargs)


if __name__ == "__main__":
    e = jnp.array([0.05, 0.5, 5.0], dtype=jnp.float32)
    out = jax.jit(transmitted)(1.0, e, 1.5)
    print("reference:", np.round(np.asarray(REFERENCE), 4))
    print("transmitted:", np.round(np.asarray(out), 4))
