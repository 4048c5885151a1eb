"""Forced pendulum: sensitivity of the final angle to physical parameters.

The forcing signal is read from a host-side "measurement" generator that only
depends on the (fixed) time grid.
"""
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import jax
import jax.numpy as jnp


@dataclass(frozen=True)
class TimeGrid:
    t_end: float = 4.0
    n: int = 200

    @property
    def dt(self):
        return self.t_end / self.n

    def points(self):
        return jnp.linspace(0.0, self.t_end, self.n)


class Physical(NamedTuple):
    length: jnp.ndarray
    damping: jnp.ndarray
    drive: jnp.ndarray


def _measured_forcing(t):
    t = np.asarray(t)
    return (np.sin(2.1 * t) + 0.3 * np.sign(np.sin(0.7 * t))).astype(np.float32)


def forcing_series(t):
    return jax.pure_callback(_measured_forcing, jax.ShapeDtypeStruct(t.shape, jnp.float32), t)


def simulate(p: Physical, grid: TimeGrid, theta0=0.3):
    f = forcing_series(grid.points())

    def step(state, ft):
        th, om = state
        acc = -9.81 / p.length * jnp.sin(th) - p.damping * om + p.drive * ft
        om = om + grid.dt * acc
        th = th + grid.dt * om
        return (th, om), th
    (_, _), traj = jax.lax.scan(step, (jnp.float32(theta0), jnp.float32(0.0)), f)
    return traj


class Sensitivity:
    def __init__(self, grid: TimeGrid):
        self.grid = grid

    def final_angle(self, vec):
        p = Physical(vec[0], vec[1], vec[2])
        return simulate(p, self.grid)[-1]

    def jacobian(self, vec):
        return jax.jacfwd(self.final_angle)(vec)

    def directional(self, vec, direction):
        return jax.jvp(self.final_angle, (vec,), (direction,))[1]


def save_results(path, **arrays):
    import json
    import os
    payload = {k: np.asarray(v).tolist() for k, v in arrays.items()}
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w") as fh:
        json.dump(payload, fh, indent=2)
    return path


def relative_error(a, b, eps=1e-12):
    a, b = np.asarray(a, np.float64), np.asarray(b, np.float64)
    return float(np.linalg.norm(a - b) / (np.linalg.norm(b) + eps))


if __name__ == "__main__":
    grid = TimeGrid()
    base = jnp.array([1.0, 0.2, 0.5])
    sens = Sensitivity(grid)
    traj = simulate(Physical(*base), grid)
    print("max angle", float(jnp.max(jnp.abs(traj))))
    print("final angle", float(sens.final_angle(base)))
    print("jacobian", np.asarray(sens.jacobian(base)).round(4))
    print("along drive", float(sens.directional(base, jnp.array([0.0, 0.0, 1.0]))))
