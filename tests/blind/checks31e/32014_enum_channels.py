"""Telemetry channels as Enum members, each carrying its host writer."""
import enum
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

_frames = {"pressure": [], "flow": []}


def _store(name, v):
    _frames[name].append(np.asarray(v).item())
    return np.float32(len(_frames[name]))


class Channel(enum.Enum):
    PRESSURE = partial(_store, "pressure")
    FLOW = partial(_store, "flow")

    def emit(self, value):
        return io_callback(self.value, jax.ShapeDtypeStruct((), jnp.float32), value,
                           ordered=True)


def poiseuille(radius, dp, mu=1e-3, length=1.0):
    q = jnp.pi * radius ** 4 * dp / (8 * mu * length)
    Channel.FLOW.emit(q)
    return q


radii = jnp.array([1e-3, 2e-3, 3e-3])
flows = jax.vmap(poiseuille, in_axes=(0, None))(radii, 100.0)
print(flows)
