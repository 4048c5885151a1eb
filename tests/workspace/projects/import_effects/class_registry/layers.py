import jax
import jax.numpy as jnp
import numpy as np

from registry import register


@register("dense")
class Dense:
    def __call__(self, x):
        return jnp.tanh(x)


@register("host")
class HostLayer:
    def __call__(self, x):
        return jax.pure_callback(lambda v: np.tanh(np.asarray(v)), jax.ShapeDtypeStruct(x.shape, x.dtype), x)
