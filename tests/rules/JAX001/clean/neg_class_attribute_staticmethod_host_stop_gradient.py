"""A model's staticmethod(...) host transform only sees a stop_gradient'ed copy of the input."""
import jax
import jax.numpy as jnp
import numpy as np


def _np_softsign(x):
    x = np.asarray(x)
    return (x / (1.0 + np.abs(x))).astype(np.float32)


def host_softsign(x):
    return jax.pure_callback(_np_softsign, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


class Model:
    transform = staticmethod(host_softsign)

    def __init__(self, w):
        self.w = w

    def loss(self, x):
        z = self.w * x
        weight = self.transform(jax.lax.stop_gradient(z))
        return (weight * z).sum()


def loss(w, x):
    return Model(w).loss(x)


print(jax.grad(loss)(jnp.float32(1.5), jnp.arange(3.0)))
