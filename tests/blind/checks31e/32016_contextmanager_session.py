"""Acquisition session: host callback writes inside a context manager, vmapped over channels."""
import contextlib

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


class FakeDAQ:
    def __init__(self):
        self.open = False
        self.buffer = []


DAQ = FakeDAQ()


@contextlib.contextmanager
def session(dev):
    dev.open = True
    try:
        yield dev
    finally:
        dev.open = False


def _acquire(gain):
    g = np.asarray(gain)
    with session(DAQ) as dev:
        sample = np.float32(0.5 * g)
        dev.buffer.append(sample)
    return sample


def channel_voltage(gain, bias):
    v = io_callback(_acquire, jax.ShapeDtypeStruct((), jnp.float32), gain, ordered=True)
    return v - bias


gains = jnp.array([1.0, 2.0, 4.0, 8.0])
volts = jax.jit(jax.vmap(channel_voltage, in_axes=(0, None)))(gains, 0.1)
print(volts, len(DAQ.buffer))
