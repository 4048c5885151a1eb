"""Explicit time stepping of a cooling body where the ambient temperature is updated
from a host weather model each step; the ambient carry is nudged by the body temperature."""
import jax
import jax.numpy as jnp
import numpy as np


def _weather(t_amb):
    return np.float32(0.98 * t_amb + 0.4)


def step(carry, _):
    T_body, T_amb, k = carry
    T_amb_next = jax.pure_callback(_weather, jax.ShapeDtypeStruct((), jnp.float32), T_amb)
    T_body_next = T_body - 0.1 * k * (T_body - T_amb)
    T_amb_next = T_amb_next + 0.01 * (T_body - T_amb)
    return (T_body_next, T_amb_next, k), T_body_next


def final_temperature(k):
    carry = (jnp.float32(80.0), jnp.float32(20.0), k)
    (T, _, _), traj = jax.lax.scan(step, carry, None, length=10)
    return T


print(final_temperature(0.5))
print(jax.grad(final_temperature)(0.5))
