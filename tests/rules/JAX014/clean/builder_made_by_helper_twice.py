"""Builders made by a helper called twice: each keeps its own form, the one built is "tuple"."""
import jax
import jax.numpy as jnp


class SquashBuilder:
    def __init__(self):
        self._form = "tuple"

    def form(self, form):
        self._form = form
        return self

    def build(self):
        form = self._form

        @jax.custom_vjp
        def squash(x):
            return jnp.tanh(x)

        def fwd(x):
            y = jnp.tanh(x)
            return y, y

        def bwd(y, g):
            gx = g * (1.0 - y * y)
            return gx if form == "bare" else (gx,)

        squash.defvjp(fwd, bwd)
        return squash


def make():
    return SquashBuilder()


first, second = make(), make()
first.form("tuple")
second.form("bare")
squash = first.build()
print(jax.grad(lambda x: jnp.sum(squash(x)))(jnp.array([0.1, 0.5])))
