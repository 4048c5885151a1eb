# shape from: google/jaxopt#613 / jax-ml/jax#23624 (pure_callback under two stacked vmaps)
"""Outer-sum table through a host callback, checked against the pure-JAX version."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


@partial(jax.vmap, in_axes=(0, None, None))
@partial(jax.vmap, in_axes=(None, 0, None))
def add_vmapped(x, y, z):
    return x + y + z


def _host_add(x, y, z):
    x, y, z = np.asarray(x), np.asarray(y), np.asarray(z)
    assert x.shape == () and y.shape == () and z.shape == (), (x.shape, y.shape, z.shape)
    return np.add(np.add(x, y), z).astype(x.dtype)


@partial(jax.vmap, in_axes=(0, None, None))
@partial(jax.vmap, in_axes=(None, 0, None))
def add_callback(x, y, z):
    out = jax.ShapeDtypeStruct(jnp.broadcast_shapes(x.shape, y.shape), x.dtype)
    return jax.pure_callback(_host_add, out, x, y, z, vmap_method="sequential")


if __name__ == "__main__":
    x = jnp.arange(3, dtype=jnp.float32)
    y = jnp.arange(2, dtype=jnp.float32) * 10
    z = jnp.float32(0.5)
    want = add_vmapped(x, y, z)
    got = jax.jit(add_callback)(x, y, z)
    assert got.shape == want.shape == (3, 2), got.shape
    print("max diff", float(jnp.abs(got - want).max()))
