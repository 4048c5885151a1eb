"""Gradient-free hyper-parameter scan with a journaled objective.

The journal is unordered by default; `strict_journal()` turns ordering on
for reproducible logs.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

JOURNAL_ORDERED = False
_journal = []


def _append(step, value):
    _journal.append((int(np.asarray(step)), float(np.asarray(value))))
    return np.int32(len(_journal))


def journal(step, value):
    return io_callback(_append, jax.ShapeDtypeStruct((), jnp.int32), step, value,
                       ordered=JOURNAL_ORDERED)


def strict_journal():
    global JOURNAL_ORDERED
    JOURNAL_ORDERED = True


def objective(lr, data):
    w = jnp.zeros(data.shape[1])
    for step in range(3):
        pred = data @ w
        g = data.T @ (pred - 1.0) / data.shape[0]
        w = w - lr * g
        _ = journal(jnp.int32(step), jnp.mean((data @ w - 1.0) ** 2))
    return jnp.mean((data @ w - 1.0) ** 2)


def best_of(values, grid):
    v = np.asarray(values)
    return float(np.asarray(grid)[int(np.argmin(v))]), float(v.min())


def make_data(seed=1):
    rng = np.random.default_rng(seed)
    return jnp.asarray(rng.normal(size=(8, 3)), jnp.float32)


if __name__ == "__main__":
    data = make_data()
    grid = jnp.array([0.01, 0.05, 0.1, 0.3], jnp.float32)
    strict_journal()
    losses = jax.vmap(objective, in_axes=(0, None))(grid, data)
    lr, loss = best_of(losses, grid)
    print(f"best lr={lr} loss={loss:.4f} journal={len(_journal)}")
