"""Train a few seeds in parallel; the learning rate may be one value or one per seed."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

_HISTORY = []


def _note_lr(lr):
    _HISTORY.append(np.asarray(lr).tolist())


def loss_fn(w, xs, ys):
    return jnp.mean((xs @ w - ys) ** 2)


def train_step(w, lr, xs, ys):
    io_callback(_note_lr, None, lr, ordered=True)
    g = jax.grad(loss_fn)(w, xs, ys)
    return w - lr * g


def sweep(ws, lr, xs, ys, steps=2):
    lr_axis = None if np.ndim(lr) == 0 else 0
    step = jax.vmap(train_step, in_axes=(0, lr_axis, None, None))
    for _ in range(steps):
        ws = step(ws, lr, xs, ys)
    return ws


def make_data(n=6, d=2, seed=0):
    rng = np.random.default_rng(seed)
    xs = rng.normal(size=(n, d)).astype(np.float32)
    ys = xs @ np.array([1.5, -0.5], dtype=np.float32)
    return jnp.asarray(xs), jnp.asarray(ys)


def pad_to(arr, n, value=0.0):
    arr = np.asarray(arr)
    if arr.shape[0] >= n:
        return arr[:n]
    pad = np.full((n - arr.shape[0],) + arr.shape[1:], value, dtype=arr.dtype)
    return np.concatenate([arr, pad])


if __name__ == "__main__":
    xs, ys = make_data()
    ws = jnp.zeros((3, 2))
    lr = 0.05
    ws = sweep(ws, lr, xs, ys)
    print(ws)
    print("history", len(_HISTORY))
