"""fori_loop bounds from a static Python int (jit static_argnames), so value_and_grad works."""
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


@partial(jax.jit, static_argnames="n_steps")
def simulate(k, y0, n_steps=20):
    dt = 1.0 / n_steps

    def step(i, y):
        return y + dt * (-k * y + jnp.sin(i * dt))

    return lax.fori_loop(0, n_steps, step, y0)


loss = lambda k: (simulate(k, 1.0, n_steps=20) - 0.3) ** 2
print(jax.value_and_grad(loss)(0.5))
