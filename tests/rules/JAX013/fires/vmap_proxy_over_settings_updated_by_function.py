"""A `MappingProxyType` over the module's settings sees `configure()`'s later
`SETTINGS.update(...)`: the io_callback reading `VIEW["ordered"]` under vmap is ordered."""
import types

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

SETTINGS = {"ordered": False}
VIEW = types.MappingProxyType(SETTINGS)
TRACE = []


def _keep(x):
    TRACE.append(np.asarray(x))
    return np.int32(0)


def configure(**changes):
    SETTINGS.update(changes)


def step(x):
    io_callback(_keep, jax.ShapeDtypeStruct((), jnp.int32), x, ordered=VIEW["ordered"])  # EXPECT: JAX013
    return x * 3.0


configure(ordered=True)
print(jax.vmap(step)(jnp.arange(3.0)))
