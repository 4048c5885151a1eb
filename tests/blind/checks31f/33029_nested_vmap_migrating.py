# shape from: google/jaxopt#613 / jax-ml/jax#23624 (scalar callback under two stacked vmaps)
"""Scalar host callback under two vmaps, half-way through a vmap_method migration."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


@partial(jax.vmap, in_axes=(0, None, None))
@partial(jax.vmap, in_axes=(None, 0, None))
def add_vmapped(x, y, z):
    return x + y + z


def add(x, y, z):
    x, y, z = np.asarray(x), np.asarray(y), np.asarray(z)
    assert x.shape == () and y.shape == () and z.shape == ()
    return np.asarray(x + y + z, dtype=x.dtype)


@partial(jax.vmap, in_axes=(0, None, None))
@partial(jax.vmap, in_axes=(None, 0, None))
def cb_no_vec(x, y, z):
    return jax.pure_callback(add, jax.ShapeDtypeStruct(shape=x.shape, dtype=x.dtype), x, y, z,
                             vectorized=False, vmap_method="sequential")


if __name__ == "__main__":
    x = jnp.arange(3, dtype=jnp.float32)
    y = jnp.arange(2, dtype=jnp.float32)
    z = jnp.float32(1.0)
    print(jnp.abs(add_vmapped(x, y, z) - jax.jit(cb_no_vec)(x, y, z)).max())
