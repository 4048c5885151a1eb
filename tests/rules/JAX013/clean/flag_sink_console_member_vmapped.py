"""An enum.Flag sink of CONSOLE alone: the ordered io_callback never runs (debug.callback does)"""
import enum

import jax
import jax.numpy as jnp
from jax.experimental import io_callback


class Sink(enum.Flag):
    NONE = 0
    FILE = enum.auto()
    CONSOLE = enum.auto()


def write_line(x):
    return None


def emit(x, sink):
    if Sink.FILE in sink:
        io_callback(write_line, None, x, ordered=True)
    elif Sink.CONSOLE in sink:
        jax.debug.callback(write_line, x, ordered=True)
    return x


if __name__ == "__main__":
    chosen = Sink.CONSOLE | Sink.NONE
    print(jax.vmap(emit, in_axes=(0, None))(jnp.ones(3), chosen))
