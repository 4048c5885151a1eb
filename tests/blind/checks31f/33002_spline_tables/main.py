import jax
import jax.numpy as jnp

from interp import evaluate, tabulate


@jax.jit
def loss(params, queries):
    table = tabulate(params)
    vals = jax.vmap(evaluate, in_axes=(0, None))(queries, table)
    return jnp.mean(vals ** 2) + 0.1 * jnp.sum(params ** 2)


if __name__ == "__main__":
    params = jnp.array([0.1, 0.5, -0.2])
    queries = jnp.linspace(0.0, 1.0, 6).reshape(3, 2)
    print("loss", float(loss(params, queries)))
