"""The host totals objects with `sum(rest, first)`: every addition is the class's NumPy
`__add__`; its jnp `__radd__` is never reached."""
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
            return Term(jnp.add(self.value, 0.0))
        return NotImplemented


def host_total(x):
    x = np.asarray(x)
    terms = [Term(x), Term(2 * x)]
    total = sum(terms[1:], terms[0])
    return np.asarray(total.value, dtype=np.float32)


@jax.jit
def f(x):
    return jax.pure_callback(host_total, jax.ShapeDtypeStruct(x.shape, jnp.float32), x)


print(f(jnp.ones(3)))
