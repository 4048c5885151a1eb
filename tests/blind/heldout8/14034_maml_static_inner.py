import jax
import jax.numpy as jnp
from functools import partial

INNER_STEPS = 3


def model(w, x):
    return jnp.tanh(x @ w["a"]) @ w["b"]


def task_loss(w, x, y):
    return jnp.mean((model(w, x) - y) ** 2)


@partial(jax.jit, static_argnames="n_inner")
def maml_loss(w, support, query, n_inner=INNER_STEPS):
    def inner(i, w_t):
        g = jax.grad(task_loss)(w_t, *support)
        return jax.tree_util.tree_map(lambda p, d: p - 0.05 * d, w_t, g)

    adapted = jax.lax.fori_loop(0, n_inner, inner, w)
    return task_loss(adapted, *query)


k = jax.random.split(jax.random.PRNGKey(7), 4)
w = {"a": jax.random.normal(k[0], (2, 5)) * 0.5, "b": jax.random.normal(k[1], (5,)) * 0.5}
support = (jax.random.normal(k[2], (4, 2)), jnp.ones(4))
query = (jax.random.normal(k[3], (4, 2)), jnp.ones(4))
for it in range(3):
    l, g = jax.value_and_grad(maml_loss)(w, support, query)
    w = jax.tree_util.tree_map(lambda p, d: p - 0.1 * d, w, g)
    print(it, l)
