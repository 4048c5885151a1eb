"""An ordered io_callback traced only when the module's logger lets DEBUG records through: the
level is pinned at WARNING, so the branch is skipped and vmap traces no callback."""
import logging

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

log = logging.getLogger("sweep")
log.setLevel(logging.WARNING)


def _record(v):
    log.debug("value %s", np.asarray(v))
    return np.asarray(v)


def traced_step(v):
    if log.isEnabledFor(logging.DEBUG):
        v = io_callback(_record, jax.ShapeDtypeStruct(v.shape, v.dtype), v, ordered=True)
    return jnp.tanh(v)


print(jax.vmap(traced_step)(jnp.arange(3.0)))
