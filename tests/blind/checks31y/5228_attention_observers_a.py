import gc
import weakref
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


class Subject:
    def __init__(self):
        self.observers = weakref.WeakSet()

    def attach(self, obs):
        self.observers.add(obs)

    def notify(self, value):
        for obs in list(self.observers):
            value = obs.update(value)
        return value


class FileLikeObserver:
    def __init__(self):
        self.lines = []

    def _host(self, v):
        v = np.asarray(v)
        self.lines.append(" ".join(f"{t:.3f}" for t in np.ravel(v)))
        return v

    def update(self, value):
        return io_callback(self._host, jax.ShapeDtypeStruct(value.shape, value.dtype), value, ordered=True)


subject = Subject()


def attention_row(q, keys):
    scores = keys @ q / jnp.sqrt(q.shape[0])
    probs = jax.nn.softmax(scores)
    return subject.notify(probs)



def moving_average(values, alpha=0.9):
    """Exponential moving average of a Python list of floats."""
    out, acc = [], None
    for v in values:
        acc = v if acc is None else alpha * acc + (1.0 - alpha) * v
        out.append(acc)
    return out


def format_row(label, numbers, width=8):
    cells = "".join(f"{float(n):>{width}.4f}" for n in numbers)
    return f"{label:<12}{cells}"


def relative_error(a, b, eps=1e-12):
    return float(jnp.max(jnp.abs(a - b) / (jnp.abs(b) + eps)))


if __name__ == "__main__":
    watcher = FileLikeObserver()
    subject.attach(watcher)
    del watcher
    gc.collect()
    qs = jnp.eye(3, dtype=jnp.float32)
    ks = jnp.arange(12.0, dtype=jnp.float32).reshape(4, 3) / 12.0
    out = jax.vmap(attention_row, in_axes=(0, None))(qs, ks)
    print(out.shape, float(out.sum()))
    print("observers", len(subject.observers))
