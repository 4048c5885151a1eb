from collections import defaultdict
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


class EventBus:
    def __init__(self):
        self._handlers = defaultdict(list)

    def on(self, name, handler):
        self._handlers[name].append(handler)
        return handler

    def emit(self, name, value):
        for h in list(self._handlers[name]):
            value = h(value)
        return value


bus = EventBus()
metrics = []


def _write_metric(v):
    v = np.asarray(v)
    metrics.append(float(v))
    return v


def metric_handler(v):
    return io_callback(_write_metric, jax.ShapeDtypeStruct(v.shape, v.dtype), v, ordered=True)


def loss_per_example(w, x, y):
    pred = jnp.dot(w, x)
    loss = (pred - y) ** 2
    return bus.emit("loss", loss)


def evaluate(w, xs, ys):
    return jax.vmap(loss_per_example, in_axes=(None, 0, 0))(w, xs, ys)


if __name__ == "__main__":
    w = jnp.array([0.5, -0.25], jnp.float32)
    xs = jnp.array([[1.0, 2.0], [0.0, 1.0], [3.0, 1.0]], jnp.float32)
    ys = jnp.array([0.0, 1.0, 2.0], jnp.float32)
    print("losses", evaluate(w, xs, ys))
    bus.on("loss", metric_handler)
    print("logged", metrics)
