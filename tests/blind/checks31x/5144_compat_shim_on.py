"""A compatibility shim decorator applied only when a module flag asks for it."""
import functools

import numpy as np
import jax
import jax.numpy as jnp

ACCEPT_LEGACY_OPTIONS = True


def legacy_compat(fn):
    @functools.wraps(fn)
    def shim(*args, vectorized=False, **rest):
        return fn(*args, **rest)
    return shim


def gauss_legendre(x):
    nodes, weights = np.polynomial.legendre.leggauss(4)
    arr = np.asarray(x)
    return (np.exp(-arr[:, None] * nodes[None, :] ** 2) @ weights).astype(np.float32)


gauss_legendre = legacy_compat(gauss_legendre) if ACCEPT_LEGACY_OPTIONS else gauss_legendre


def quadrature(x):
    spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(gauss_legendre, spec, x, vectorized=True)


if __name__ == "__main__":
    xs = jnp.array([0.0, 0.5, 1.0], dtype=jnp.float32)
    print("integrals", jax.jit(quadrature)(xs))
