"""`SINKS.reverse()` reorders the module's list in place: `SINKS[0]`, read under vmap, is the
ordered sink now."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

LOG = []


def _keep(x):
    LOG.append(np.asarray(x))
    return np.int32(0)


def unordered_sink(x):
    io_callback(_keep, jax.ShapeDtypeStruct((), jnp.int32), x)


def ordered_sink(x):
    io_callback(_keep, jax.ShapeDtypeStruct((), jnp.int32), x, ordered=True)  # EXPECT: JAX013


SINKS = [unordered_sink, ordered_sink]
SINKS.reverse()


def step(x):
    SINKS[0](x)
    return x * 2.0


print(jax.vmap(step)(jnp.arange(3.0)))
