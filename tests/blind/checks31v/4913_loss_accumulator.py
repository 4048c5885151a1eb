"""Running metrics computed on the host during a scan-based training loop."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


class MetricAccumulator:
    def __init__(self, every):
        self.every = every
        self.count = 0
        self.losses = []
        self.reports = []

    def update(self, loss):
        self.count += 1
        self.losses.append(float(np.asarray(loss)))
        if self.count % self.every == 0:
            self.report()
        return np.int32(self.count)

    def report(self):
        window = jnp.asarray(self.losses[-self.every:])
        self.reports.append((self.count, float(jnp.mean(window)), float(jnp.std(window))))


METRICS = MetricAccumulator(every=2)


def loss_fn(w, batch):
    x, y = batch
    return jnp.mean((jnp.dot(x, w) - y) ** 2)


def train_step(w, batch):
    loss, g = jax.value_and_grad(loss_fn)(w, batch)
    n = io_callback(METRICS.update, jax.ShapeDtypeStruct((), jnp.int32), loss, ordered=True)
    return w - 0.05 * g, n


@jax.jit
def train(w, xs, ys):
    return jax.lax.scan(train_step, w, (xs, ys))


def eval_loss(w, xs, ys):
    return jnp.mean(jax.vmap(lambda x, y: loss_fn(w, (x, y)))(xs, ys))


def lr_schedule(step, base=0.05, decay=0.9):
    return base * decay ** step


if __name__ == "__main__":
    key = jax.random.PRNGKey(3)
    xs = jax.random.normal(key, (4, 8, 2))
    ys = xs @ jnp.array([1.5, -0.5])
    w, counts = train(jnp.zeros(2), xs, ys)
    print(w, counts, METRICS.reports)
    print(eval_loss(w, xs, ys), [lr_schedule(s) for s in range(3)])
