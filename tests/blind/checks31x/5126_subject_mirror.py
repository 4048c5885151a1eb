"""Observer pattern: a Subject notifies attached observers from inside a host callback."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


class Subject:
    def __init__(self):
        self._observers = []

    def attach(self, obs):
        if obs not in self._observers:
            self._observers.append(obs)

    def detach(self, obs):
        self._observers.remove(obs)

    def notify(self, step, value):
        for obs in self._observers:
            obs.update(step, value)


class PrintObserver:
    def __init__(self):
        self.seen = []

    def update(self, step, value):
        self.seen.append((int(step), float(value)))


class DeviceMirror:
    def __init__(self):
        self.copies = []

    def update(self, step, value):
        self.copies.append(jax.device_put(value))


metrics = Subject()
printer, mirror = PrintObserver(), DeviceMirror()
metrics.attach(printer)
metrics.attach(mirror)


def publish(step, value):
    metrics.notify(np.asarray(step), np.asarray(value))


def body(carry, i):
    x = carry * 0.9 + 0.1
    io_callback(publish, None, i, jnp.sum(x))
    return x, jnp.sum(x)


@jax.jit
def rollout(x0):
    return jax.lax.scan(body, x0, jnp.arange(3))


metrics.detach(printer)

if __name__ == "__main__":
    final, trace = rollout(jnp.ones(4))
    jax.effects_barrier()
    print("trace", trace, "printed", len(printer.seen), "mirrored", len(mirror.copies))
