"""System identification: a numpy plant simulator stepped via pure_callback inside lax.scan, inside an optax loss."""
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax import lax


def plant_step(state, u, gain):
    # legacy numpy simulator of a first-order plant
    return (0.9 * state + gain * np.tanh(u)).astype(np.float32)


def simulate(gain, controls):
    def body(state, u):
        nxt = jax.pure_callback(plant_step, jax.ShapeDtypeStruct((), jnp.float32),  # EXPECT: JAX001
                                state, u, gain)
        return nxt, nxt

    _, traj = lax.scan(body, jnp.float32(0.0), controls)
    return traj


controls = jnp.linspace(-1.0, 1.0, 6)
measured = simulate(jnp.float32(0.5), controls)


def loss(params):
    return jnp.mean((simulate(params["gain"], controls) - measured) ** 2)


opt = optax.sgd(0.5)
params = {"gain": jnp.float32(0.1)}
state = opt.init(params)
for _ in range(2):
    l, g = jax.value_and_grad(loss)(params)
    upd, state = opt.update(g, state)
    params = optax.apply_updates(params, upd)
print(params)
