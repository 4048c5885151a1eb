"""Metrics recorder that picks its host-call ordering per platform, under a warnings filter."""
import sys
import warnings
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

# On POSIX hosts the recorder needs strictly ordered delivery.
_ORDERED = sys.platform.startswith("win")


class Recorder:
    def __init__(self):
        self.values = []

    def push(self, v):
        self.values.append(float(np.asarray(v)))
        return np.float32(len(self.values))


REC = Recorder()


def record(v):
    return io_callback(REC.push, jax.ShapeDtypeStruct((), jnp.float32), v, ordered=_ORDERED)


def residual(theta, x, y):
    r = y - (theta[0] + theta[1] * x)
    record(r * r)
    return r


def residuals(theta, xs, ys):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return jax.vmap(residual, in_axes=(None, 0, 0))(theta, xs, ys)


if __name__ == "__main__":
    xs = jnp.linspace(0.0, 1.0, 5)
    ys = 2.0 * xs + 0.3
    print(sys.platform, residuals(jnp.array([0.3, 2.1]), xs, ys), len(REC.values))
