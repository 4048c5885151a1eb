"""A JVP rule picked by `singledispatch` on a float setting: the float registration's rule
takes a third parameter JAX never passes."""
from functools import singledispatch

import jax
import jax.numpy as jnp


@singledispatch
def pick_rule(setting):
    raise TypeError(type(setting).__name__)


@pick_rule.register
def _(setting: int):
    def plain_rule(primals, tangents):
        (x,), (dx,) = primals, tangents
        return jnp.sin(x), jnp.cos(x) * dx
    return plain_rule


@pick_rule.register
def _(setting: float):
    def scaled_rule(primals, tangents, scale):  # EXPECT: JAX016
        (x,), (dx,) = primals, tangents
        return jnp.sin(x), jnp.cos(x) * dx * scale
    return scaled_rule


SETTING = 0.5


@jax.custom_jvp
def sine(x):
    return jnp.sin(x)


sine.defjvp(pick_rule(SETTING))
print(jax.grad(sine)(0.3))
