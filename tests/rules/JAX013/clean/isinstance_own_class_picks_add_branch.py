"""`isinstance(other, Cost)` of an instance of the class itself decides the branch Python runs: `a + b` of two costs takes `__add__`'s first branch, never `__radd__`: the ordered io_callback is not reached under vmap (checks31w 5010's mechanism)."""
import jax
import jax.numpy as jnp
from jax.experimental import io_callback
import numpy as np


def _audit(v):
    return np.asarray(v)


class Cost:
    def __init__(self, value):
        self.value = value

    def __add__(self, other):
        if isinstance(other, Cost):
            return Cost(self.value + other.value)
        return Cost(self.value + other)

    def __radd__(self, other):
        logged = io_callback(_audit, jax.ShapeDtypeStruct((), jnp.float32), self.value, ordered=True)
        return Cost(logged + other)


def objective(x):
    a = Cost(jnp.sum(x))
    b = Cost(jnp.sum(x * 2))
    total = a + b
    return total.value


print(jax.vmap(objective)(jnp.ones((4, 3))))
