"""A proxy forwards `emit` to the wrapped sink through __getattr__: the ordered emit runs."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

ROWS = []


def _write(v):
    ROWS.append(float(np.asarray(v)))


class Sink:
    def emit(self, v):
        io_callback(_write, None, v, ordered=True)  # EXPECT: JAX013


class Forwarding:
    def __init__(self, target):
        self._target = target

    def __getattr__(self, name):
        return getattr(self._target, name)


def residual(x, sink):
    r = jnp.cos(x) - x
    sink.emit(r)
    return r


if __name__ == "__main__":
    sink = Forwarding(Sink())
    print(jax.vmap(lambda x: residual(x, sink))(jnp.linspace(0.0, 1.0, 3)), len(ROWS))
