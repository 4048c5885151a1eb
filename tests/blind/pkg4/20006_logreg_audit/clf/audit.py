import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

BUFFER = []


def _write(arr):
    BUFFER.append(np.array(arr))
    return np.int32(len(BUFFER))


class AuditMixin:
    def audit(self, arr):
        frozen = jax.lax.stop_gradient(arr)
        io_callback(_write, jax.ShapeDtypeStruct((), jnp.int32), frozen, ordered=True)
        return arr
