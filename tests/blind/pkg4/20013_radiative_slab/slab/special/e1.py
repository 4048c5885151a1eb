import jax
import jax.numpy as jnp

from .host_exp1 import exp1_numpy


def _exp1_cb(x):
    return jax.pure_callback(exp1_numpy, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="expand_dims")


@jax.custom_jvp
def exp1(x):
    return _exp1_cb(x)


def _exp1_jvp(primals, tangents):
    x, = primals
    dx, = tangents
    y = _exp1_cb(x)
    return y, -jnp.exp(-x) / x * dx


exp1.defjvp(_exp1_jvp)
