"""grad of functools.partial(loss, targets=...) where the loss calls the host."""
import functools

import jax
import jax.numpy as jnp
import numpy as np


def host_huber(r):
    r = np.asarray(r)
    a = np.abs(r)
    return np.where(a < 1.0, 0.5 * r * r, a - 0.5).astype(np.float32)


def loss(pred, targets):
    r = pred - targets
    return jnp.sum(jax.pure_callback(host_huber, jax.ShapeDtypeStruct(r.shape, r.dtype), r))  # EXPECT: JAX001


fit = functools.partial(loss, targets=jnp.array([0.0, 1.0, 2.0]))
print(jax.grad(fit)(jnp.array([0.5, 0.5, 0.5])))
