"""A one-shot handler is taken out of its table (`pop`) by the first emit, a warm-up on the
main thread: the host's emit finds none, so JAX never runs on the host."""
import jax
import jax.numpy as jnp
import numpy as np


class Emitter:
    def __init__(self):
        self.once = {}

    def on_first(self, event, fn):
        self.once.setdefault(event, []).append(fn)

    def emit(self, event, value):
        for fn in self.once.pop(event, []):
            fn(value)


bus = Emitter()
state = {}


def calibrate(value):
    state["scale"] = float(jnp.max(jnp.abs(jnp.asarray(value))))


bus.on_first("ready", calibrate)


def host(x):
    arr = np.asarray(x)
    bus.emit("ready", arr)
    return arr / state.get("scale", 1.0)


@jax.jit
def normalize(x):
    return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


if __name__ == "__main__":
    bus.emit("ready", np.ones(3, np.float32))
    print(normalize(jnp.arange(3.0)), state)
