"""Tabulated material curves: the interpolation routine travels in the pytree's aux data."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.tree_util import register_pytree_node_class


def table_interp(query, knots, values):
    query = np.asarray(query)
    knots = np.asarray(knots)
    values = np.asarray(values)
    out = np.interp(query, knots, values)
    return np.asarray(out, dtype=np.float32)


@register_pytree_node_class
class Curve:
    def __init__(self, knots, values, routine, name):
        self.knots = knots
        self.values = values
        self.routine = routine
        self.name = name

    def tree_flatten(self):
        return (self.knots, self.values), (self.routine, self.name)

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children, *aux)

    def evaluate(self, t):
        shape = jax.ShapeDtypeStruct(t.shape, jnp.float32)
        return jax.pure_callback(self.routine, shape, t, self.knots, self.values)


def build_curves():
    grid = jnp.linspace(0.0, 1.0, 6)
    return {
        "stiffness": Curve(grid, 1.0 + grid ** 2, table_interp, "E(T)"),
        "damping": Curve(grid, jnp.exp(-grid), table_interp, "c(T)"),
    }


@jax.jit
def material_state(curves, temperature):
    return {k: c.evaluate(temperature) for k, c in curves.items()}


def summarise(state):
    return {k: round(float(v.mean()), 4) for k, v in state.items()}


if __name__ == "__main__":
    curves = build_curves()
    leaves, treedef = jax.tree_util.tree_flatten(curves)
    print(len(leaves), "array leaves")
    temps = jnp.array([0.1, 0.45, 0.8], dtype=jnp.float32)
    print(summarise(material_state(curves, temps)))
