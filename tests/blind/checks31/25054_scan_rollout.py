import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

frames = []


def _render(state):
    frames.append(np.asarray(state).copy())


def rollout(x0, n_steps=3):
    def body(x, _):
        x = x + 0.1 * jnp.array([x[1], -x[0]])
        io_callback(_render, None, x, ordered=True)
        return x, x[0]
    _, traj = jax.lax.scan(body, x0, None, length=n_steps)
    return traj


init = jnp.array([1.0, 0.0])
print(jax.jit(rollout)(init), len(frames))
