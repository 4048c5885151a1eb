"""Settings embedded as JSON turn the audit callback ordered; the callback is vmapped."""
import json

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

SETTINGS = '{"audit": {"in_order": true, "label": "qc"}, "rows": 3}'
LOG = []


def _audit(x):
    LOG.append(float(np.asarray(x)))
    return np.float32(x)


def checked(x, settings):
    return io_callback(_audit, jax.ShapeDtypeStruct((), jnp.float32), x,  # EXPECT: JAX013
                       ordered=settings["audit"]["in_order"])


settings = json.loads(SETTINGS)
print(jax.vmap(lambda x: checked(x, settings))(jnp.arange(float(settings["rows"]))))
