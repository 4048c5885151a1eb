"""A layer object makes its custom_vjp from its own methods, but its bwd forgets that the
bound method already has `self`: it takes one argument too many."""
import jax
import jax.numpy as jnp


class Scale:
    def __init__(self, k):
        self.k = k
        self.apply = jax.custom_vjp(self._apply)
        self.apply.defvjp(self._fwd, self._bwd)

    def _apply(self, x):
        return self.k * x

    def _fwd(self, x):
        return self._apply(x), None

    def _bwd(self, ctx, res, g):  # EXPECT: JAX016
        return (self.k * g,)


s = Scale(2.0)
print(jax.grad(lambda x: s.apply(x).sum())(jnp.ones(3)))
