import numpy as np
import scipy.special as sps
import jax
import jax.numpy as jnp
from registry import register


@register("relu")
def relu(x):
    return jnp.maximum(x, 0.0)


@register("swish")
def swish(x):
    return x * jax.nn.sigmoid(x)


def _gelu_exact_np(x):
    return (0.5 * x * (1.0 + sps.erf(x / np.sqrt(2.0)))).astype(x.dtype)


@register("gelu_exact")
def gelu_exact(x):
    return jax.pure_callback(_gelu_exact_np, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="expand_dims")
