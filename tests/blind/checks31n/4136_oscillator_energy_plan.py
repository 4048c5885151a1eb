"""Damped oscillator integrated with jax.experimental.ode.odeint; the RHS logs its energy."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental.ode import odeint
from jax.experimental import io_callback

ENERGY_LOG = []


def _energy(state):
    pos, vel = state[0], state[1]
    return 0.5 * (pos * pos + vel * vel)


def _record(state, t):
    s = np.asarray(state)
    ENERGY_LOG.append((float(np.asarray(t)), float(jax.device_put(_energy(s)))))


def rhs(state, t, damping):
    io_callback(_record, None, state, t)
    pos, vel = state
    return jnp.stack([vel, -pos - damping * vel])


def simulate(damping, t_end=1.0):
    ts = jnp.linspace(0.0, t_end, 3)
    y0 = jnp.array([1.0, 0.0])
    return odeint(rhs, y0, ts, damping, rtol=1e-3, atol=1e-3)


def moving_average(values, window=3):
    """Smooth a list of logged scalars for display."""
    vals = np.asarray(list(values), dtype=float)
    if vals.size < window:
        return vals
    kernel = np.ones(window) / window
    return np.convolve(vals, kernel, mode="valid")


def describe_array(name, arr):
    """One-line summary used in the run log."""
    a = np.asarray(arr)
    if a.size == 0:
        return f"{name}: empty {a.dtype}"
    return f"{name}: shape={a.shape} dtype={a.dtype} min={a.min():.3g} max={a.max():.3g}"



if __name__ == "__main__":
    traj = jax.eval_shape(simulate, 0.1)
    jax.effects_barrier()
    print(traj.shape, traj.dtype, len(ENERGY_LOG))
