"""Linear regression with a registered pytree class; cotangent for params wrapped in a tuple."""
import jax
import jax.numpy as jnp
from jax.tree_util import register_pytree_node_class


@register_pytree_node_class
class Affine:
    def __init__(self, w, b):
        self.w = w
        self.b = b

    def tree_flatten(self):
        return (self.w, self.b), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)


@jax.custom_vjp
def mse(params, x, y):
    return jnp.mean((x @ params.w + params.b - y) ** 2)


def mse_fwd(params, x, y):
    resid = x @ params.w + params.b - y
    return jnp.mean(resid ** 2), (x, resid)


def mse_bwd(res, g):
    x, resid = res
    scale = 2.0 * g / resid.shape[0]
    return Affine(x.T @ resid * scale, jnp.sum(resid) * scale), None, None


mse.defvjp(mse_fwd, mse_bwd)

x = jnp.arange(8.0).reshape(4, 2)
y = jnp.array([1.0, 2.0, 3.0, 4.0])
params = Affine(jnp.zeros(2), jnp.float32(0.0))
for _ in range(3):
    loss, grads = jax.value_and_grad(mse)(params, x, y)
    params = jax.tree_util.tree_map(lambda p, g: p - 0.01 * g, params, grads)
print(loss, params.w)
