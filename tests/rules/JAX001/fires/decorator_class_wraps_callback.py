"""A decorator class turns a NumPy function into a JAX op via pure_callback; grad reaches it."""
import functools

import jax
import jax.numpy as jnp
import numpy as np


class host_op:
    def __init__(self, fn):
        functools.update_wrapper(self, fn)
        self.fn = fn

    def __call__(self, x):
        shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
        return jax.pure_callback(self.fn, shape, x, vmap_method="sequential")  # EXPECT: JAX001


@host_op
def np_tanh(x):
    return np.tanh(x).astype(x.dtype)


def energy(x):
    return jnp.sum(np_tanh(x) ** 2)


print(jax.grad(energy)(jnp.linspace(-1.0, 1.0, 4)))
