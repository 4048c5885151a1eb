"""`operator.methodcaller` calls the method a parameter's default names: the ordered
`io_callback` one, under `vmap`."""
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
        return io_callback(_append, jax.ShapeDtypeStruct((), jnp.float32), v,  # EXPECT: JAX013
                           ordered=True)

    def any_order(self, v):
        return io_callback(_append, jax.ShapeDtypeStruct((), jnp.float32), v)


REC = Recorder()


def step(x, how="in_order"):
    record = operator.methodcaller(how, x * x)
    return record(REC)


print(jax.vmap(step)(jnp.arange(3.0)))
