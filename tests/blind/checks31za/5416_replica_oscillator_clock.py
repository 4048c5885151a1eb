"""Replica-batched damped oscillator with a host-side clock.

Each replica has its own state; the time variable is shared.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

CLOCK = []


def _tick(t):
    CLOCK.append(np.asarray(t).tolist())


def advance(state, t, dt=0.05, gamma=0.3):
    x, v = state
    a = -x - gamma * v
    v = v + dt * a
    x = x + dt * v
    io_callback(_tick, None, t, ordered=True)
    return (x, v), t + dt


def replicas(n=3):
    x0 = jnp.linspace(0.5, 1.5, n)
    return (x0, jnp.zeros(n))


def run(n_steps=3):
    state = replicas()
    t = jnp.float32(0.0)
    step = jax.vmap(advance, in_axes=((0, 0), None), out_axes=((0, 0), None))
    for _ in range(n_steps):
        state, t = step(state, t)
    return state, t


def energy(state):
    x, v = state
    return 0.5 * (x ** 2 + v ** 2)


def main():
    state, t = run()
    print("t", float(t), "E", np.asarray(energy(state)).round(4), len(CLOCK))


if __name__ == "__main__":
    main()
