"""Data-parallel style training step, emulated with vmap over shards.

The step counter is reported to the host in order.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

STEPS = []


def _report_step(step):
    STEPS.append(int(np.asarray(step).ravel()[0]))


def loss_fn(w, xb, yb):
    pred = xb @ w
    return jnp.mean((pred - yb) ** 2)


def train_step(w, xb, yb, step, lr=0.1):
    io_callback(_report_step, None, step, ordered=True)
    loss, g = jax.value_and_grad(loss_fn)(w, xb, yb)
    return w - lr * g, loss


def shards(n_shards=2, per=4, d=3):
    key = jax.random.PRNGKey(11)
    xs = jax.random.normal(key, (n_shards, per, d))
    ys = xs.sum(-1) * 0.5
    return xs, ys


def average_weights(w):
    """All-reduce emulation: mean over shards."""
    return jnp.mean(w, axis=0)


def main():
    xs, ys = shards()
    w = jnp.zeros((xs.shape[0], xs.shape[-1]))
    step = jnp.zeros((), jnp.int32)
    sharded = jax.vmap(train_step, in_axes=(0, 0, 0, None))
    for _ in range(2):
        w, loss = sharded(w, xs, ys, step)
        step = step + 1
    print("w_avg", np.asarray(average_weights(w)).round(3))
    print("loss", np.asarray(loss).round(4), "reports", len(STEPS))


if __name__ == "__main__":
    main()
