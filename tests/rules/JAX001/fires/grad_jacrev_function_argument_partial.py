"""A utility takes any function and returns its jacrev; it receives a partial over a host model."""
import functools

import jax
import jax.numpy as jnp
import numpy as np


def host_model(theta, t):
    theta = np.asarray(theta)
    return (theta[0] * np.exp(-theta[1] * np.asarray(t))).astype(np.float32)


def model(theta, t):
    return jax.pure_callback(  # EXPECT: JAX001
        host_model, jax.ShapeDtypeStruct(t.shape, t.dtype), theta, t, vmap_method="sequential"
    )


def sensitivity(fn, theta):
    return jax.jacrev(fn)(theta)


t = jnp.linspace(0.0, 1.0, 3)
print(sensitivity(functools.partial(model, t=t), jnp.array([2.0, 0.5])))
