"""A helper computing with jnp sits next to the host function, which never calls it."""
import jax
import jax.numpy as jnp
import numpy as np


def _jax_version_of_norm(v):
    return jnp.sqrt(jnp.sum(v * v))


def _norm(v):
    return np.sqrt(np.sum(v * v))


def host_normalise(v):
    v = np.asarray(v)
    return (v / _norm(v)).astype(np.float32)


def f(v):
    return jax.pure_callback(host_normalise, jax.ShapeDtypeStruct(v.shape, jnp.float32), v)


print(jax.jit(f)(jnp.array([3.0, 4.0])), _jax_version_of_norm(jnp.ones(2)))
