"""Numpy plant simulator inside lax.scan, wrapped in custom_jvp with an analytic step Jacobian: optax training runs."""
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax import lax


def _plant_step(state, u, gain):
    return (0.9 * state + gain * np.tanh(u)).astype(np.float32)


@jax.custom_jvp
def plant_step(state, u, gain):
    return jax.pure_callback(_plant_step, jax.ShapeDtypeStruct((), jnp.float32), state, u, gain)


@plant_step.defjvp
def _plant_step_jvp(primals, tangents):
    state, u, gain = primals
    ds, du, dg = tangents
    out = plant_step(state, u, gain)
    th = jnp.tanh(u)
    return out, 0.9 * ds + gain * (1 - th ** 2) * du + th * dg


def simulate(gain, controls):
    def body(state, u):
        nxt = plant_step(state, u, gain)
        return nxt, nxt

    _, traj = lax.scan(body, jnp.float32(0.0), controls)
    return traj


controls = jnp.linspace(-1.0, 1.0, 6)
measured = simulate(jnp.float32(0.5), controls)


def loss(params):
    return jnp.mean((simulate(params["gain"], controls) - measured) ** 2)


opt = optax.adam(0.1)
params = {"gain": jnp.float32(0.1)}
state = opt.init(params)
for _ in range(2):
    l, g = jax.value_and_grad(loss)(params)
    upd, state = opt.update(g, state)
    params = optax.apply_updates(params, upd)
print(l, params)
