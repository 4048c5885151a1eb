"""A metaclass registry of sinks, filled as each class is made; the key the caller passes under
`vmap` picks the unordered sink (the ordered one is the default, not used)."""
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
        return io_callback(_emit, jax.ShapeDtypeStruct((), jnp.float32), v,
                           ordered=True)


class Sampler(Sink):
    def __call__(self, v):
        return io_callback(_emit, jax.ShapeDtypeStruct((), jnp.float32), v)


def step(x, sink="journal"):
    return SINKS[sink]()(jnp.tanh(x))


print(jax.vmap(lambda x: step(x, "sampler"))(jnp.arange(3.0)))
