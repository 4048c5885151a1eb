"""Telemetry enum: flows are computed with vmap, then the whole vector is emitted once."""
import enum
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

_frames = {"flow": []}


def _store(name, v):
    _frames[name].append(np.asarray(v).tolist())
    return np.float32(len(_frames[name]))


class Channel(enum.Enum):
    FLOW = "flow"

    def emit(self, value):
        return io_callback(partial(_store, self.value), jax.ShapeDtypeStruct((), jnp.float32),
                           value, ordered=True)


def poiseuille(radius, dp, mu=1e-3):
    return jnp.pi * radius ** 4 * dp / (8 * mu)


@jax.jit
def survey(radii):
    flows = jax.vmap(poiseuille, in_axes=(0, None))(radii, 100.0)
    Channel.FLOW.emit(flows)
    return flows


print(survey(jnp.array([1e-3, 2e-3, 3e-3])))
