"""A metaclass registers each sink class under its lower-cased name as the class is made; the
sink looked up (an ordered `io_callback`) is called under `vmap`."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

SINKS = {}
_out = []


def _emit(v):
    _out.append(float(np.asarray(v)))
    return np.float32(len(_out))


class SinkMeta(type):
    def __new__(mcls, name, bases, ns):
        cls = super().__new__(mcls, name, bases, ns)
        if bases:
            SINKS[name.lower()] = cls
        return cls


class Sink(metaclass=SinkMeta):
    pass


class Journal(Sink):
    def __call__(self, v):
        return io_callback(_emit, jax.ShapeDtypeStruct((), jnp.float32), v,  # EXPECT: JAX013
                           ordered=True)


class Sampler(Sink):
    def __call__(self, v):
        return io_callback(_emit, jax.ShapeDtypeStruct((), jnp.float32), v)


def step(x, sink="journal"):
    return SINKS[sink]()(jnp.tanh(x))


print(jax.vmap(step)(jnp.arange(3.0)))
