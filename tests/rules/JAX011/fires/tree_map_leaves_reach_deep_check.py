"""a recursive walk over a parameter tree, rescaled by `jax.tree_util.tree_map` under grad,
checks leaves on the host (with jnp) from depth 2; the tree has array leaves at depth 2, so
the check runs"""
import jax
import jax.numpy as jnp
import numpy as np

MIN_DEPTH = 2
CHECKED = []


def check_leaf(leaf):
    CHECKED.append(bool(jnp.all(jnp.isfinite(np.asarray(leaf)))))  # EXPECT: JAX011


def norm2(tree, depth=0):
    if isinstance(tree, dict):
        return sum(norm2(v, depth + 1) for v in tree.values())
    if depth >= MIN_DEPTH:
        jax.debug.callback(check_leaf, tree)
    return jnp.sum(tree * tree)


def penalty(alpha, params):
    scaled = jax.tree_util.tree_map(lambda p: alpha * p, params)
    return norm2(scaled)


PARAMS = {"bias": jnp.zeros(3), "layers": {"w": jnp.ones((3, 3)), "v": jnp.ones(3)}}

if __name__ == "__main__":
    print(jax.grad(penalty)(0.5, PARAMS), len(CHECKED))
