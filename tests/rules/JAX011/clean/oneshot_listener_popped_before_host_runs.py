"""A one-shot listener list is popped by the first emit at startup; the host's later emit
finds no one-shot listener, so the listener's JAX call never runs on the host."""
import jax
import jax.numpy as jnp
import numpy as np


class Emitter:
    def __init__(self):
        self.oneshot = {}

    def once(self, event, fn):
        self.oneshot.setdefault(event, []).append(fn)

    def emit(self, event, *args):
        return [fn(*args) for fn in self.oneshot.pop(event, [])]


events = Emitter()
state = {}


def warm(sample):
    state["mean"] = float(jnp.mean(jnp.asarray(sample)))


events.once("ready", warm)


def host(x):
    arr = np.asarray(x)
    events.emit("ready", arr)
    return (arr - state.get("mean", 0.0)).astype(np.float32)


@jax.jit
def run(x):
    return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, jnp.float32), x)


if __name__ == "__main__":
    events.emit("ready", np.zeros(3, np.float32))
    print(run(jnp.arange(3.0)))
