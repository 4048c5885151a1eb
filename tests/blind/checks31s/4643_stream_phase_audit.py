import itertools
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

_acks = []


def _ack_batch(x):
    _acks.append(np.asarray(x).shape)
    return np.int32(len(_acks))


def warmup_batches(n):
    for i in range(n):
        yield "warmup", jnp.full((3, 2), float(i))


def main_batches(n):
    for i in range(n):
        yield "main", jnp.arange(6.0).reshape(3, 2) + i


def stream(n_warm, n_main):
    yield from warmup_batches(n_warm)
    yield from main_batches(n_main)


def acknowledged(row):
    ticket = io_callback(_ack_batch, jax.ShapeDtypeStruct((), jnp.int32), row, ordered=True)
    return row * 2.0, ticket


def process(phase, batch):
    if phase == "warmup":
        return jnp.mean(batch)
    doubled, tickets = jax.vmap(acknowledged)(batch)
    return jnp.mean(doubled) + 0.0 * tickets.sum()


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
    results = [float(process(ph, b)) for ph, b in itertools.islice(stream(2, 3), 3)]
    print(results, len(_acks))
    print(value_at(parse_schedule("lr:0.1@0,0.01@100")[1], 150))
    print(param_report({"a": np.zeros((3, 4)), "b": [np.ones(5)]}))
