import functools

import jax
import jax.numpy as jnp

from .registry import RHS
from .hooks import checkpoint_state


@functools.partial(jax.jit, static_argnames=("system", "n_steps"))
def rk4_solve(y0, theta, dt, system="logistic", n_steps=50):
    f = RHS[system]

    def step(carry, _):
        t, y = carry
        k1 = f(t, y, theta)
        k2 = f(t + dt / 2, y + dt / 2 * k1, theta)
        k3 = f(t + dt / 2, y + dt / 2 * k2, theta)
        k4 = f(t + dt, y + dt * k3, theta)
        y = y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
        y = checkpoint_state(t, y)
        return (t + dt, y), y

    (_, y_end), path = jax.lax.scan(step, (0.0, y0), None, length=n_steps)
    return y_end, path
