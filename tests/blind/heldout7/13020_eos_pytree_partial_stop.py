"""Tabulated equation of state (pressure from a host lookup). The author freezes the
reference state before handing the parameter dict to the host code."""
import jax
import jax.numpy as jnp
import numpy as np


def _host_pressure(p):
    rho, T, gamma = p["rho"], p["T"], p["gamma"]
    return np.asarray(rho * T * (1 + 0.1 * gamma) + 0.01 * rho ** 2, np.float32)


def pressure(state):
    return jax.pure_callback(_host_pressure, jax.ShapeDtypeStruct((), jnp.float32), state)


def sound_speed_proxy(rho, T, gamma=1.4):
    state = {"rho": rho, "T": jax.lax.stop_gradient(T), "gamma": jnp.float32(gamma)}
    return jnp.sqrt(gamma * pressure(state) / rho)


print(sound_speed_proxy(1.2, 300.0))
print(jax.grad(sound_speed_proxy, argnums=(0, 1))(1.2, 300.0))
