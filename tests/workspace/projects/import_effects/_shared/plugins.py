import jax
import numpy as np

from registry import register


@register("smooth")
def smooth(x):
    return jax.numpy.tanh(x)


@register("host")
def host(x):
    return jax.pure_callback(lambda v: np.tanh(np.asarray(v)), jax.ShapeDtypeStruct(x.shape, x.dtype), x)
