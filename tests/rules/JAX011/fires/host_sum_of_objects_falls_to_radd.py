"""The host totals objects with `sum()`, which starts from 0: `0 + obj` falls to the class's
`__radd__`, which adds with jnp."""
import jax
import jax.numpy as jnp
import numpy as np


class Term:
    def __init__(self, value):
        self.value = np.asarray(value, dtype=np.float32)

    def __add__(self, other):
        if isinstance(other, Term):
            return Term(self.value + other.value)
        return NotImplemented

    def __radd__(self, other):
        if other == 0:
            return Term(jnp.add(self.value, 0.0))  # EXPECT: JAX011
        return NotImplemented


def host_total(x):
    x = np.asarray(x)
    total = sum([Term(x), Term(2 * x)])
    return np.asarray(total.value, dtype=np.float32)


@jax.jit
def f(x):
    return jax.pure_callback(host_total, jax.ShapeDtypeStruct(x.shape, jnp.float32), x)


print(f(jnp.ones(3)))
