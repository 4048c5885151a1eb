"""static_argnames names only `dt`: the step count passed by position is traced by jit, so the
fori_loop has a dynamic bound and grad fails."""
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=("dt",))
def rollout(y0, rate, steps, dt):
    def step(i, y):
        return y - dt * rate * y

    return jax.lax.fori_loop(0, steps, step, y0)  # EXPECT: JAX009


def objective(rate, y0):
    return jnp.sum(rollout(y0, rate, 5, 0.1) ** 2)


print(jax.grad(objective)(0.3, jnp.ones(4)))
