import functools
import inspect
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

received = []


def _receive(t):
    t = np.asarray(t)
    received.append(float(t))
    return t


def report_temperature(fn):
    @functools.wraps(fn)
    def wrapper(logits, temperature):
        t = io_callback(_receive, jax.ShapeDtypeStruct((), jnp.float32), temperature, ordered=True)
        return fn(logits, t)
    return wrapper


def batched_over(*names):
    def deco(fn):
        params = inspect.signature(fn).parameters
        axes = tuple(0 if p in names else None for p in params)
        return jax.jit(jax.vmap(fn, in_axes=axes))
    return deco


@batched_over("logits", "temperature")
@report_temperature
def tempered_softmax(logits, temperature):
    return jax.nn.softmax(logits / temperature)



class Timer:
    """Tiny wall-clock helper used while experimenting."""

    def __init__(self):
        import time
        self._time = time.perf_counter
        self.start = self._time()
        self.laps = []

    def lap(self, name):
        now = self._time()
        self.laps.append((name, now - self.start))
        self.start = now

    def report(self):
        return ", ".join(f"{n}={t * 1e3:.1f}ms" for n, t in self.laps)


if __name__ == "__main__":
    logits = jnp.array([[1.0, 2.0, 3.0], [0.0, 0.0, 1.0]], jnp.float32)
    temps = jnp.array([1.0, 2.0], jnp.float32)
    probs = tempered_softmax(logits, temps)
    print(probs.round(3))
    print("received", received)
