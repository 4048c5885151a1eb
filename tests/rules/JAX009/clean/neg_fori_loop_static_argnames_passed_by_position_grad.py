"""jit's static_argnames also covers a parameter the caller passes by position, so the
fori_loop bound is a Python int and grad works."""
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=("steps", "dt"))
def rollout(y0, rate, steps, dt):
    def step(i, y):
        return y - dt * rate * y

    return jax.lax.fori_loop(0, steps, step, y0)


def objective(rate, y0):
    return jnp.sum(rollout(y0, rate, 5, 0.1) ** 2)


print(jax.grad(objective)(0.3, jnp.ones(4)))
