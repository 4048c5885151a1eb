"""Sensor ensemble reading from a host generator; the effect is declared unordered."""
import itertools

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback as ioc


def _stream():
    for k in itertools.count():
        yield np.float32(0.01 * k)


_SRC = _stream()


def pull(offset):
    return np.asarray(next(_SRC) + np.asarray(offset), dtype=np.float32)


def member(offset, gain):
    raw = ioc(pull, jax.ShapeDtypeStruct((), jnp.float32), offset, ordered=False)
    return gain * raw


offsets = jnp.linspace(0.0, 1.0, 4)
print(jax.vmap(member, in_axes=(0, None))(offsets, 2.0))
