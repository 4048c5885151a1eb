"""a class-balance logger's host appends each count to a module-level list (and to a dict
entry's list) and counts with jax.numpy only for integer labels; the labels it is handed are
float32, so the JAX branch never runs. What the host appends is never read by a later run:
only the script's summary reads it"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

SEEN = []


def count_classes(labels, n_classes):
    if np.issubdtype(labels.dtype, np.integer):
        return np.asarray(jnp.bincount(labels, length=n_classes))
    return np.histogram(labels, bins=np.linspace(0.0, 1.0, n_classes + 1))[0]


def log_balance(y):
    y = np.asarray(y)
    SEEN.append(count_classes(y, 3).tolist())


def loss(w, y):
    io_callback(log_balance, None, y)
    return jnp.mean((w - y) ** 2)


step = jax.jit(jax.value_and_grad(loss))

if __name__ == "__main__":
    w = jnp.zeros(3)
    y = jnp.array([0.0, 0.9, 0.4], dtype=jnp.float32)
    for _ in range(2):
        val, g = step(w, y)
        w = w - 0.1 * g
    print(float(val), SEEN[-1], len(SEEN))
