"""Equinox model that carries integer index buffers (a fixed neighbour list)
alongside its weights; trained with filter_value_and_grad."""
import equinox as eqx
import jax
import jax.numpy as jnp
import optax


class GraphConv(eqx.Module):
    neighbours: jax.Array        # int32 [n_nodes, k]
    self_w: eqx.nn.Linear
    nbr_w: eqx.nn.Linear

    def __init__(self, neighbours, dim, key):
        k1, k2 = jax.random.split(key)
        self.neighbours = neighbours
        self.self_w = eqx.nn.Linear(dim, dim, key=k1)
        self.nbr_w = eqx.nn.Linear(dim, dim, use_bias=False, key=k2)

    def __call__(self, h):
        agg = h[self.neighbours].mean(axis=1)
        return jax.nn.relu(jax.vmap(self.self_w)(h) + jax.vmap(self.nbr_w)(agg))


def loss(model, h, target):
    return jnp.mean((model(h) - target) ** 2)


if __name__ == "__main__":
    nbrs = jnp.array([[1, 2], [0, 2], [0, 1], [2, 1]], dtype=jnp.int32)
    model = GraphConv(nbrs, 3, jax.random.PRNGKey(0))
    h = jnp.arange(12.0).reshape(4, 3) / 10
    target = jnp.ones((4, 3))
    opt = optax.adam(1e-2)
    state = opt.init(eqx.filter(model, eqx.is_inexact_array))
    for i in range(3):
        l, g = eqx.filter_value_and_grad(loss)(model, h, target)
        updates, state = opt.update(g, state, eqx.filter(model, eqx.is_inexact_array))
        model = eqx.apply_updates(model, updates)
        print(i, float(l))
