"""A bus keeps per-topic handler lists in a dict; the handler logging with an ordered io_callback is subscribed before the vmapped loss emits."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


class Hooks:
    def __init__(self):
        self.table = {}

    def on(self, name, fn):
        self.table.setdefault(name, []).append(fn)
        return fn

    def fire(self, name, value):
        for fn in self.table.get(name, []):
            value = fn(value)
        return value


hooks = Hooks()
seen = []


def _record(v):
    seen.append(float(np.asarray(v)))
    return np.asarray(v)


def log_loss(v):
    return io_callback(_record, jax.ShapeDtypeStruct(v.shape, v.dtype), v,  # EXPECT: JAX013
                       ordered=True)


def row_loss(w, x):
    return hooks.fire("loss", jnp.sum((w * x) ** 2))


if __name__ == "__main__":
    w = jnp.array([0.5, -1.0])
    xs = jnp.array([[1.0, 2.0], [3.0, 4.0]])
    hooks.on("loss", log_loss)
    print(jax.vmap(row_loss, in_axes=(None, 0))(w, xs))
    print(seen)
