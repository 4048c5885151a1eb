"""`operator.methodcaller` names a method by a parameter whose default is the ordered
`io_callback` one; the caller under `vmap` names the unordered one."""
import operator

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

_log = []


def _append(v):
    _log.append(float(np.asarray(v)))
    return np.float32(len(_log))


class Recorder:
    def in_order(self, v):
        return io_callback(_append, jax.ShapeDtypeStruct((), jnp.float32), v,
                           ordered=True)

    def any_order(self, v):
        return io_callback(_append, jax.ShapeDtypeStruct((), jnp.float32), v)


REC = Recorder()


def step(x, how="in_order"):
    record = operator.methodcaller(how, x * x)
    return record(REC)


print(jax.vmap(lambda x: step(x, "any_order"))(jnp.arange(3.0)))
