import numpy as onp
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

history = []


def record_batch_stats(loss_vec, step):
    loss_vec = onp.asarray(loss_vec)
    history.append((int(step), float(onp.mean(loss_vec)), float(onp.std(loss_vec))))


def loss_fn(w, xs, ys):
    return (xs @ w - ys) ** 2


@jax.jit
def train_step(w, xs, ys, step):
    per_example = loss_fn(w, xs, ys)
    io_callback(record_batch_stats, None, per_example, step, ordered=True)
    g = jax.grad(lambda w_: jnp.mean(loss_fn(w_, xs, ys)))(w)
    return w - 0.1 * g


w = jnp.zeros(3)
xs = jnp.ones((4, 3))
ys = jnp.arange(4.0)
for i in range(3):
    w = train_step(w, xs, ys, i)
jax.effects_barrier()
print(history)
