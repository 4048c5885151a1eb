"""Dispatching a named step via operator.methodcaller over a batch of reactors."""
import operator

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

_setpoints = []


def _send_setpoint(temp):
    _setpoints.append(float(np.asarray(temp)))
    return np.float32(_setpoints[-1])


class Reactor:
    def __init__(self, k=0.3):
        self.k = k

    def relax(self, temp):
        return temp - self.k * (temp - 300.0)

    def control(self, temp):
        new = self.relax(temp)
        return io_callback(_send_setpoint, jax.ShapeDtypeStruct((), jnp.float32), new,
                           ordered=True)


def run_named(step_name, reactor, temps):
    step = operator.methodcaller(step_name, temps)
    return step(reactor)


reactor = Reactor()
temps = jnp.array([350.0, 320.0, 310.0])
out = jax.vmap(lambda t: run_named("control", reactor, t))(temps)
print(out)
