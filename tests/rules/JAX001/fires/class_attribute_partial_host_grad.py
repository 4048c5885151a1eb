"""A class attribute holds functools.partial of a host penalty (a partial is not bound)."""
import functools

import jax
import jax.numpy as jnp
import numpy as np


def _np_huber(delta, r):
    r = np.asarray(r)
    a = np.abs(r)
    return np.where(a < delta, 0.5 * r**2, delta * (a - 0.5 * delta)).astype(np.float32)


def host_huber(delta, r):
    return jax.pure_callback(  # EXPECT: JAX001
        functools.partial(_np_huber, delta), jax.ShapeDtypeStruct(r.shape, r.dtype), r
    )


class Regression:
    penalty = functools.partial(host_huber, 1.0)

    def loss(self, w, x, y):
        return self.penalty(x * w - y).sum()


x = jnp.arange(4.0)
print(jax.grad(Regression().loss)(jnp.float32(0.5), x, 2.0 * x))
