import jax
import jax.numpy as jnp
from jax.experimental import io_callback

history = []


def record_batch_stats(loss_vec, step):
    mean = jnp.mean(loss_vec)
    spread = jnp.std(loss_vec)
    history.append((int(step), float(mean), float(spread)))


def loss_fn(w, xs, ys):
    preds = xs @ w
    return (preds - ys) ** 2


@jax.jit
def train_step(w, xs, ys, step):
    per_example = loss_fn(w, xs, ys)
    io_callback(record_batch_stats, None, per_example, step, ordered=True)
    g = jax.grad(lambda w_: loss_fn(w_, xs, ys).mean())(w)
    return w - 0.1 * g


w = jnp.zeros(3)
xs = jnp.ones((4, 3))
ys = jnp.arange(4.0)
for i in range(3):
    w = train_step(w, xs, ys, i)
jax.effects_barrier()
print(history)
