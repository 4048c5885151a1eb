"""Training-step diagnostics: the host emits events on a small bus; handlers react to them."""
from collections import defaultdict

import numpy as np
import jax
import jax.numpy as jnp


class EventBus:
    def __init__(self):
        self._handlers = defaultdict(list)
        self.log = []

    def on(self, name, fn):
        self._handlers[name].append(fn)
        return fn

    def emit(self, name, payload):
        for fn in list(self._handlers[name]):
            self.log.append((name, fn(payload)))


bus = EventBus()


def record_mean(payload):
    return float(np.mean(payload))


def record_norm(payload):
    return float(jnp.linalg.norm(payload))


def grad_probe(g):
    arr = np.asarray(g)
    bus.emit("grad", arr)
    return np.float32(np.abs(arr).max())


def loss_fn(w, x):
    pred = jnp.tanh(x @ w)
    return jnp.mean((pred - 1.0) ** 2)


@jax.jit
def train_step(w, x):
    g = jax.grad(loss_fn)(w, x)
    peak = jax.pure_callback(grad_probe, jax.ShapeDtypeStruct((), jnp.float32), g)
    return w - 0.1 * g / (1.0 + peak)


bus.on("grad", record_mean)
bus.on("grad", record_norm)

if __name__ == "__main__":
    w = jnp.ones((3,)) * 0.1
    x = jnp.arange(6.0).reshape(2, 3)
    for _ in range(2):
        w = train_step(w, x)
    print("events", len(bus.log), "w", w)
