import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

_store = {}


def _stash_leaf(tag, value):
    _store.setdefault(int(np.asarray(tag)), []).append(np.asarray(value).copy())


def snapshot(tree):
    leaves = jax.tree_util.tree_leaves(tree)
    for i, leaf in enumerate(leaves):
        io_callback(_stash_leaf, None, jnp.int32(i), leaf, ordered=True)
    return tree


def make_params(n):
    return {
        "encoder": [jnp.ones((n,)), None, jnp.zeros((n,))],
        "head": (jnp.full((2,), 0.5), None),
        "count": jnp.int32(3),
    }


def perturb(params, noise):
    def bump(leaf):
        if jnp.issubdtype(leaf.dtype, jnp.floating):
            return leaf + noise
        return leaf
    return jax.tree.map(bump, params)


def parse_schedule(spec):
    """Parse 'lr:0.1@0,0.01@100' style schedules into (step, value) pairs."""
    name, _, body = spec.partition(":")
    pairs = []
    for part in body.split(","):
        value, _, step = part.partition("@")
        pairs.append((int(step or 0), float(value)))
    return name, sorted(pairs)


def value_at(pairs, step):
    current = pairs[0][1]
    for s, v in pairs:
        if step >= s:
            current = v
    return current


def human_count(n):
    for unit in ("", "K", "M", "G"):
        if abs(n) < 1000:
            return f"{n:.0f}{unit}"
        n /= 1000.0
    return f"{n:.1f}T"


def param_report(tree):
    sizes = [int(np.size(leaf)) for leaf in jax.tree_util.tree_leaves(tree)]
    return human_count(sum(sizes)), len(sizes)


if __name__ == "__main__":
    params = make_params(3)
    noises = jnp.array([0.0, 0.1, 0.2])
    trees = jax.vmap(perturb, in_axes=(None, 0))(params, noises)
    snapshot(jax.tree.map(lambda a: a.mean(0) if a.ndim else a, trees))
    print(sorted(_store), [len(v) for v in _store.values()])
    print(value_at(parse_schedule("lr:0.1@0,0.01@100")[1], 150))
    print(param_report({"a": np.zeros((3, 4)), "b": [np.ones(5)]}))
