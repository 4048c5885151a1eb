"""Named step dispatch with operator.methodcaller; the setpoint writer is unordered."""
import operator

import jax
import jax.numpy as jnp
import numpy as np
import jax.experimental as jexp

_setpoints = []


def _send(temp):
    _setpoints.append(float(np.asarray(temp)))
    return np.float32(_setpoints[-1])


class Reactor:
    k = 0.3

    def control(self, temp):
        new = temp - self.k * (temp - 300.0)
        return jexp.io_callback(_send, jax.ShapeDtypeStruct((), jnp.float32), new)


step = operator.methodcaller("control", jnp.float32(0.0))
temps = jnp.array([350.0, 320.0, 310.0])
out = jax.vmap(lambda t: operator.methodcaller("control", t)(Reactor()))(temps)
print(out, step(Reactor()))
