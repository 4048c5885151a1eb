"""A piecewise-linear model registered with register_pytree_node_class: knots live in the
static aux data, values are the differentiable children. The host only builds the
interpolation matrix from the knots and the fixed query points."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.tree_util import register_pytree_node_class


@register_pytree_node_class
class PiecewiseLinear:
    def __init__(self, values, knots):
        self.values = values
        self.knots = tuple(knots)

    def tree_flatten(self):
        return (self.values,), self.knots

    @classmethod
    def tree_unflatten(cls, knots, children):
        return cls(children[0], knots)

    def interp_matrix(self, xq):
        knots = np.asarray(self.knots, dtype=np.float32)

        def host(q):
            eye = np.eye(len(knots), dtype=np.float32)
            return np.stack([np.interp(np.asarray(q), knots, e) for e in eye], axis=1)

        return jax.pure_callback(host, jax.ShapeDtypeStruct((xq.shape[0], len(knots)), jnp.float32),
                                 xq, vmap_method="sequential")

    def __call__(self, xq):
        return self.interp_matrix(xq) @ self.values


def data_loss(model, xq, yq):
    return jnp.mean((model(xq) - yq) ** 2)


if __name__ == "__main__":
    model = PiecewiseLinear(jnp.zeros(5), np.linspace(0.0, 2.0, 5))
    xq = jnp.array([0.1, 0.6, 1.2, 1.9])
    yq = jnp.sin(xq)
    for _ in range(20):
        g = jax.grad(data_loss)(model, xq, yq)
        model = jax.tree_util.tree_map(lambda p, d: p - 0.5 * d, model, g)
    print(data_loss(model, xq, yq), model.values)
