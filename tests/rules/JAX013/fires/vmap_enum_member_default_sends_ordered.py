"""A method of the enum member a parameter's default is sends each value with an ordered
`io_callback` (the member's value says whether the delivery is ordered), under `vmap`."""
import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

_sent = []


def _record(v):
    _sent.append(float(np.asarray(v)))
    return np.float32(len(_sent))


class Delivery(enum.Enum):
    IN_ORDER = True
    ANY_ORDER = False

    def send(self, v):
        return io_callback(_record, jax.ShapeDtypeStruct((), jnp.float32), v,  # EXPECT: JAX013
                           ordered=self.value)


def step(x, delivery=Delivery.IN_ORDER):
    return delivery.send(2.0 * x)


print(jax.vmap(step)(jnp.arange(3.0)))
