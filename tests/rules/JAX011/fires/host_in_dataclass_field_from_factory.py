"""The host is a dataclass field, filled at construction with a closure a factory makes;
the closure draws noise with `jax.random`."""
from dataclasses import dataclass
from typing import Callable

import jax
import jax.numpy as jnp
import numpy as np


def make_reader(scale):
    def read(signal):
        sig = np.asarray(signal)
        noise = jax.random.normal(jax.random.key(0), sig.shape) * scale  # EXPECT: JAX011
        return (sig + np.asarray(noise)).astype(sig.dtype)
    return read


@dataclass
class Sensor:
    name: str
    reader: Callable


def measure(sensor, x):
    return jax.pure_callback(sensor.reader, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


probe = Sensor("probe", make_reader(0.01))
print(jax.jit(lambda x: measure(probe, x))(jnp.ones(3)))
