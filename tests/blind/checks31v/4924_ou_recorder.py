"""Sampling a stochastic process with a host-side recorder of every draw."""
import time

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


class DrawRecorder:
    def __init__(self):
        self.draws = []
        self.summaries = []
        self._t0 = None

    def __enter__(self):
        self._t0 = time.perf_counter()
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is None and self.draws:
            block = jnp.stack([jnp.asarray(d) for d in self.draws[-1:]])
            self.summaries.append((float(block.mean()), time.perf_counter() - self._t0))
        return False

    def add(self, d):
        self.draws.append(d)

    def summary(self):
        return np.array([m for m, _ in self.summaries])


RECORDER = DrawRecorder()


def log_draw(sample):
    sample = np.asarray(sample)
    with RECORDER as rec:
        rec.add(sample.copy())
    return np.int32(len(RECORDER.draws))


def ou_step(carry, key):
    x = carry
    noise = jax.random.normal(key, x.shape)
    x = x - 0.5 * x * 0.1 + 0.3 * jnp.sqrt(0.1) * noise
    n = io_callback(log_draw, jax.ShapeDtypeStruct((), jnp.int32), x)
    return x, n


@jax.jit
def simulate(key):
    keys = jax.random.split(key, 4)
    return jax.lax.scan(ou_step, jnp.zeros(3), keys)


def stationary_std(theta=0.5, sigma=0.3):
    return sigma / np.sqrt(2 * theta)


def empirical_std(paths):
    return jnp.std(jnp.asarray(paths))


if __name__ == "__main__":
    final, counts = simulate(jax.random.PRNGKey(0))
    print(final, counts, RECORDER.summary())
    print(stationary_std(), empirical_std(final))
