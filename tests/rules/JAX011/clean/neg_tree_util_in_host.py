"""The host function walks a pytree with jax.tree_util, which runs no JAX computation."""
import jax
import jax.numpy as jnp
import numpy as np


def host_scale(tree):
    return jax.tree_util.tree_map(lambda a: (np.asarray(a) * 2.0).astype(np.float32), tree)


def f(params):
    out = jax.tree_util.tree_map(lambda a: jax.ShapeDtypeStruct(a.shape, jnp.float32), params)
    return jax.pure_callback(host_scale, out, params)


print(jax.jit(f)({"w": jnp.ones(2), "b": jnp.zeros(1)}))
