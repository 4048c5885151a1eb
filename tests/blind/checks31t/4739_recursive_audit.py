"""Forward-over-reverse curvature of a nested parameter tree with leaf audits."""
import numpy as np
import jax
import jax.numpy as jnp

AUDIT_DEPTH = 3
SEEN = []


def _audit_leaf(leaf):
    a = np.asarray(leaf)
    SEEN.append(bool(jnp.isfinite(a).all()))


def walk(tree, depth=0):
    """Sum of squares over a nested dict, auditing leaves that are deep enough."""
    if isinstance(tree, dict):
        return sum(walk(v, depth + 1) for v in tree.values())
    if depth >= AUDIT_DEPTH:
        jax.debug.callback(_audit_leaf, tree)
    return jnp.sum(tree ** 2)


def loss(scale, params):
    scaled = jax.tree_util.tree_map(lambda p: scale * p, params)
    return walk(scaled) + jnp.sin(scale)


def curvature(params, s0=1.0):
    g = lambda s: jax.grad(loss)(s, params)
    _, hv = jax.jvp(g, (s0,), (1.0,))
    return hv


PARAMS = {
    "encoder": {"dense": {"w": jnp.ones((2, 2)), "b": jnp.zeros(2)}},
    "head": {"w": jnp.full((2,), 0.5)},
}

if __name__ == "__main__":
    print("d2L/ds2 =", float(curvature(PARAMS)))
    print("audited leaves:", len(SEEN), "all finite:", all(SEEN))
