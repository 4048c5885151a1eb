"""The documented replacement: `vmap_method="expand_dims"`, under vmap."""
import jax
import jax.numpy as jnp
import numpy as np


def host_add(x, y):
    return (np.asarray(x) + np.asarray(y)).astype(np.float32)


def add(x, y):
    return jax.pure_callback(host_add, jax.ShapeDtypeStruct(x.shape, jnp.float32), x, y,
                             vmap_method="expand_dims")


print(jax.vmap(add, in_axes=(0, None))(jnp.ones((3, 2)), jnp.float32(1.0)))
