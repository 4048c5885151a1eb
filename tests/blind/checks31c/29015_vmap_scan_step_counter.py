"""Euler rollouts of a damped oscillator for several initial conditions."""
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import io_callback

DT = 0.05
N_STEPS = 20
ticks = []


def _tick(t):
    ticks.append(int(t))


def step(state, t):
    pos, vel = state[0], state[1]
    acc = -4.0 * pos - 0.3 * vel
    new_state = jnp.stack([pos + DT * vel, vel + DT * acc])
    io_callback(_tick, None, t, ordered=True)
    return new_state, new_state[0]


def rollout(init_state):
    final, positions = lax.scan(step, init_state, jnp.arange(N_STEPS))
    return final, positions


inits = jnp.array([[1.0, 0.0], [0.5, 0.5], [-1.0, 2.0]])
finals, paths = jax.jit(jax.vmap(rollout))(inits)
print(finals, paths.shape, len(ticks))
