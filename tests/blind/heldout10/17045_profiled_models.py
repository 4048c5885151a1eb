"""Two implementations of the same regression model: a plain one used for
training and an instrumented one used for profiling inference on the host."""
import time
from dataclasses import dataclass, field
from typing import List

import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


@dataclass
class Profile:
    stamps: List[float] = field(default_factory=list)

    def mark(self, value):
        self.stamps.append(time.perf_counter())
        return np.float32(value)


PROFILE = Profile()


class PolyModel:
    def __init__(self, degree):
        self.degree = degree

    def features(self, x):
        return jnp.stack([x ** k for k in range(self.degree + 1)], -1)

    def predict(self, w, x):
        return self.features(x) @ w

    def loss(self, w, x, y):
        return jnp.mean((self.predict(w, x) - y) ** 2)


class InstrumentedPolyModel(PolyModel):
    def loss(self, w, x, y):
        value = super().loss(w, x, y)
        return io_callback(PROFILE.mark, jax.ShapeDtypeStruct((), jnp.float32), value,
                           ordered=True)


def train(model: PolyModel, w, x, y, steps=50, lr=0.05):
    grad_fn = jax.jit(jax.grad(model.loss))
    for _ in range(steps):
        w = w - lr * grad_fn(w, x, y)
    return w


def evaluate(model, w, x, y, repeats=3):
    fn = jax.jit(model.loss)
    return [float(fn(w, x, y)) for _ in range(repeats)]


def dataset(n=40, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.uniform(-1, 1, n).astype(np.float32)
    y = (1.0 - 2.0 * x + 0.5 * x ** 3 + 0.05 * rng.normal(size=n)).astype(np.float32)
    return jnp.asarray(x), jnp.asarray(y)


def environment_summary():
    import platform
    devices = jax.devices()
    return {
        "python": platform.python_version(),
        "jax": jax.__version__,
        "numpy": np.__version__,
        "backend": devices[0].platform if devices else "none",
        "n_devices": len(devices),
    }


def format_summary(d):
    width = max(len(k) for k in d)
    return "\n".join(f"{k.ljust(width)} : {v}" for k, v in d.items())


if __name__ == "__main__":
    x, y = dataset()
    plain = PolyModel(3)
    instrumented = InstrumentedPolyModel(3)
    w = train(plain, jnp.zeros(4), x, y)
    print("weights", np.asarray(w).round(3))
    losses = evaluate(instrumented, w, x, y)
    jax.effects_barrier()
    print("eval losses", losses)
    gaps = np.diff(PROFILE.stamps)
    print("profiled calls", len(PROFILE.stamps), "gaps", len(gaps))
