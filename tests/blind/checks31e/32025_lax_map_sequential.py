"""Reactor control loop mapped sequentially with lax.map (no batching of the effect)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

_setpoints = []


def _send(temp):
    _setpoints.append(float(np.asarray(temp)))
    return np.float32(_setpoints[-1])


def control(temp, k=0.3):
    new = temp - k * (temp - 300.0)
    return io_callback(_send, jax.ShapeDtypeStruct((), jnp.float32), new, ordered=True)


@jax.jit
def control_all(temps):
    return jax.lax.map(control, temps)


print(control_all(jnp.array([350.0, 320.0, 310.0])), _setpoints)
