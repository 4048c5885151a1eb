import logging

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

logging.basicConfig(level=logging.INFO)
log = logging.getLogger("train")

_history = []


def _summarise(batch_losses):
    return float(jnp.mean(batch_losses)), float(np.max(batch_losses))


def _format(step, losses):
    mean, worst = _summarise(losses)
    return f"step={int(step)} mean={mean:.4f} worst={worst:.4f}"


def record_metrics(step, losses):
    step = np.asarray(step)
    losses = np.asarray(losses)
    line = _format(step, losses)
    _history.append(line)
    log.info(line)
    return np.int32(len(_history))


def train_step(params, step, xs, ys):
    def loss_fn(p):
        pred = xs @ p
        return (pred - ys) ** 2

    per_example = loss_fn(params)
    grads = jax.grad(lambda p: loss_fn(p).mean())(params)
    n = io_callback(record_metrics, jax.ShapeDtypeStruct((), jnp.int32), step,
                    per_example, ordered=True)
    return params - 0.1 * grads, n


step_fn = jax.jit(train_step)
key = jax.random.key(0)
xs = jax.random.normal(key, (8, 3))
ys = xs @ jnp.array([1.0, -2.0, 0.5])
p = jnp.zeros(3)
for i in range(3):
    p, n = step_fn(p, i, xs, ys)
print(p, n)
