"""Small regression loop fed by a batch generator; losses are streamed to the host."""
import itertools
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

HISTORY = []


def running_mean(window):
    stacked = np.stack([np.asarray(v) for v in window])
    return float(np.mean(stacked))


def log_loss(step, value):
    step = int(np.asarray(step))
    HISTORY.append(float(np.asarray(value)))
    if step % 2 == 1:
        print(f"step {step}: smoothed {running_mean(HISTORY[-3:]):.4f}")
    return np.int32(step)


def batches(x, y, size, seed=0):
    rng = np.random.default_rng(seed)
    for _ in itertools.count():
        idx = rng.permutation(len(x))
        for start in range(0, len(x) - size + 1, size):
            sel = idx[start:start + size]
            yield x[sel], y[sel]


def loss(w, xb, yb):
    return jnp.mean((xb @ w - yb) ** 2)


@jax.jit
def train_step(w, xb, yb, step):
    value, g = jax.value_and_grad(loss)(w, xb, yb)
    io_callback(log_loss, jax.ShapeDtypeStruct((), jnp.int32), step, value)
    return w - 0.1 * g


if __name__ == "__main__":
    X = np.linspace(-1, 1, 24, dtype=np.float32).reshape(12, 2)
    Y = X @ np.array([1.5, -0.5], np.float32)
    w = jnp.zeros(2)
    for step, (xb, yb) in enumerate(itertools.islice(batches(X, Y, 4), 6)):
        w = train_step(w, xb, yb, step)
    print(np.round(np.asarray(w), 3), len(HISTORY))
