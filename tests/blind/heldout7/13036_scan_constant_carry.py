"""Cooling body with a host weather model that only depends on its own previous state
(never on the body), so the ambient carry holds no derivative."""
import jax
import jax.numpy as jnp
import numpy as np


def _weather(t_amb, step_idx):
    return np.float32(0.98 * t_amb + 0.4 + 0.1 * np.sin(0.3 * int(step_idx)))


def step(carry, i):
    T_body, T_amb = carry
    T_amb_next = jax.pure_callback(_weather, jax.ShapeDtypeStruct((), jnp.float32), T_amb, i)
    return (T_body, T_amb_next), T_amb_next


def final_temperature(k, dt=0.1):
    def body(carry, i):
        (T_body, T_amb), amb = step(carry, i)
        T_body = T_body - dt * k * (T_body - T_amb)
        return (T_body, T_amb), T_body
    (T, _), traj = jax.lax.scan(body, (jnp.float32(80.0), jnp.float32(20.0)), jnp.arange(10))
    return T


print(final_temperature(0.5))
print(jax.grad(final_temperature)(0.5))
print(jax.jacfwd(final_temperature)(0.5))
