"""A layer object makes its custom_vjp in `__init__` from its own methods; the bound bwd
returns one cotangent for a function of two arguments."""
import jax
import jax.numpy as jnp


class Affine:
    def __init__(self, din, dout):
        self.params = {"w": jnp.ones((din, dout)) * 0.1, "b": jnp.zeros(dout)}
        self.apply = jax.custom_vjp(self._apply)
        self.apply.defvjp(self._fwd, self._bwd)

    @staticmethod
    def _apply(params, x):
        return x @ params["w"] + params["b"]

    def _fwd(self, params, x):
        return self._apply(params, x), (params, x)

    def _bwd(self, res, g):  # EXPECT: JAX014
        params, x = res
        return ({"w": jnp.outer(x, g), "b": g},)


layer = Affine(3, 2)
x = jnp.array([1.0, 2.0, 3.0])
out, pullback = jax.vjp(layer.apply, layer.params, x)
print(pullback(jnp.ones_like(out)))
