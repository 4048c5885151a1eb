"""Damped oscillator ensemble rolled out with a checkpointed scan body; forcing is echoed to a host log."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import io_callback

HOST_LOG = []


def _echo(v):
    HOST_LOG.append(float(np.asarray(v)))
    return np.asarray(v, dtype=np.float32)


def echo(v):
    return io_callback(_echo, jax.ShapeDtypeStruct((), jnp.float32), v, ordered=True)


def make_step(dt, damping):
    @jax.checkpoint
    def step(state, force):
        x, v = state
        a = -x - damping * v + force
        v = v + dt * a
        x = x + dt * v
        logged = echo(x)
        return (x, v), x + 0.0 * logged
    return step


def rollout(x0, forcing):
    step = make_step(0.1, 0.2)
    (_, _), xs = lax.scan(step, (x0, jnp.zeros_like(x0)), forcing)
    return xs


if __name__ == "__main__":
    x0s = jnp.array([0.5, 1.0, 1.5])
    forcing = jnp.cos(jnp.linspace(0.0, 3.0, 5))
    traj = jax.vmap(rollout, in_axes=(0, None))(x0s, forcing)
    print(traj.shape, len(HOST_LOG))
