"""Gradient inspection: every leaf of the gradient tree reports its peak on the host."""
import numpy as np
import jax
import jax.numpy as jnp

REPORT = {}


def _peak(values):
    return float(np.max(np.abs(values)))


def record_leaf(tag, arr):
    arr = np.asarray(arr)
    REPORT[tag] = (_peak(arr), arr.shape)


def watch_tree(tree):
    def visit(path, leaf):
        tag = jax.tree_util.keystr(path)
        jax.debug.callback(record_leaf, tag, leaf)
        return leaf
    return jax.tree_util.tree_map_with_path(visit, tree)


def make_params():
    k1, k2 = jax.random.split(jax.random.PRNGKey(3))
    return {
        "encoder": {"kernel": jax.random.normal(k1, (4, 3)), "bias": jnp.zeros(3)},
        "head": [jax.random.normal(k2, (3,)), jnp.float32(0.5)],
    }


def loss_fn(params, x):
    h = jnp.tanh(x @ params["encoder"]["kernel"] + params["encoder"]["bias"])
    w, b = params["head"]
    return jnp.sum((h @ w + b) ** 2)


@jax.jit
def inspected_grad(params, x):
    grads = jax.grad(loss_fn)(params, x)
    return watch_tree(grads)


if __name__ == "__main__":
    params = make_params()
    x = jnp.linspace(-1.0, 1.0, 8).reshape(2, 4)
    g = inspected_grad(params, x)
    jax.block_until_ready(g)
    jax.effects_barrier()
    for tag in sorted(REPORT):
        print(tag, REPORT[tag])
