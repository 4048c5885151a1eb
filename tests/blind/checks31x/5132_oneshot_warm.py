"""One-shot listeners: a handler fires on the first 'ready' event and is then removed."""
import numpy as np
import jax
import jax.numpy as jnp


class Emitter:
    def __init__(self):
        self.persistent = {}
        self.oneshot = {}

    def on(self, event, fn):
        self.persistent.setdefault(event, []).append(fn)

    def once(self, event, fn):
        self.oneshot.setdefault(event, []).append(fn)

    def emit(self, event, *args):
        results = [fn(*args) for fn in self.persistent.get(event, [])]
        pending = self.oneshot.pop(event, [])
        results += [fn(*args) for fn in pending]
        return results


events = Emitter()
calibration = {}


def calibrate(sample):
    calibration["offset"] = float(jnp.mean(jnp.asarray(sample)))


def count(sample):
    calibration["n"] = calibration.get("n", 0) + 1


events.on("ready", count)
events.once("ready", calibrate)


def host_correct(x):
    arr = np.asarray(x)
    events.emit("ready", arr)
    return (arr - calibration.get("offset", 0.0)).astype(np.float32)


def corrected(x):
    spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(host_correct, spec, x)


@jax.jit
def measure(x):
    return jnp.sum(corrected(x) ** 2)


if __name__ == "__main__":
    events.emit("ready", np.zeros(3, np.float32))
    xs = jnp.linspace(0.0, 1.0, 5, dtype=jnp.float32)
    print("energy", float(measure(xs)), calibration)
