"""A custom_jvp function returns a NamedTuple and its rule returns its tangents in the same
NamedTuple class: the structures agree."""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class MinMax(NamedTuple):
    low: jax.Array
    high: jax.Array


@jax.custom_jvp
def soft_range(x):
    return MinMax(jnp.min(x), jnp.max(x))


@soft_range.defjvp
def soft_range_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    out = soft_range(x)
    return out, MinMax(dx[jnp.argmin(x)], dx[jnp.argmax(x)])


print(jax.jvp(soft_range, (jnp.arange(3.0),), (jnp.ones(3),)))
