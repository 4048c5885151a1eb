import numpy as np
import itertools
import jax
import jax.numpy as jnp


@jax.custom_jvp
def soft_hinge(margin):
    return jnp.logaddexp(0.0, 1.0 - margin)


@soft_hinge.defjvp
def _hinge_jvp(primals, tangents, temperature):
    (m,), (dm,) = primals, tangents
    y = soft_hinge(m)
    return y, -jax.nn.sigmoid((1.0 - m) / temperature) * dm


def batches(xs, ys, size):
    it = zip(xs, ys)
    while chunk := list(itertools.islice(it, size)):
        bx, by = zip(*chunk)
        yield jnp.stack(bx), jnp.stack(by)


def batch_loss(w, bx, by):
    return jnp.mean(soft_hinge(by * (bx @ w)))


def epoch_objective(w, xs, ys):
    return sum(batch_loss(w, bx, by) for bx, by in batches(xs, ys, 2))


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
    xs = list(jnp.array([[1.0, 0.5], [-0.3, 1.0], [0.8, -0.2], [-1.0, -1.0], [0.1, 0.1]]))
    ys = list(jnp.array([1.0, -1.0, 1.0, -1.0, 1.0]))
    w = jnp.array([0.1, -0.1])
    print("objective", float(epoch_objective(w, xs, ys)))
    g = jax.grad(epoch_objective)(w, xs, ys)
    print("grad", g)
    print(value_at(parse_schedule("lr:0.1@0,0.01@100")[1], 150))
    print(param_report({"a": np.zeros((3, 4)), "b": [np.ones(5)]}))
