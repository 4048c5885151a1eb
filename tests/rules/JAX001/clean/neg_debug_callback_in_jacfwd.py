"""jax.debug.callback on tangent-carrying values inside jacfwd: debug callbacks are allowed."""
import jax
import jax.numpy as jnp
import numpy as np


def show(v):
    print("state:", np.round(np.asarray(v), 3))


def dynamics(s):
    jax.debug.callback(show, s)
    return jnp.array([s[1], -jnp.sin(s[0])])


print(jax.jacfwd(dynamics)(jnp.array([0.3, 0.0])))
