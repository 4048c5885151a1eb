"""Per-particle diagnostics with a kw-only, slotted configuration object."""
from dataclasses import dataclass, field

import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

_EVENTS: list[tuple[int, float]] = []


def _on_event(level, value):
    _EVENTS.append((int(np.asarray(level)), float(np.asarray(value))))


@dataclass(kw_only=True, slots=True)
class Diagnostics:
    level: int = 1
    dt: float = 0.01
    strict: bool = field(init=False)

    def __post_init__(self):
        # levels 2..4 are "audit" levels: events must reach the host in order
        self.strict = 2 <= self.level < 5

    def step(self, pos, vel):
        acc = -pos
        vel = vel + self.dt * acc
        pos = pos + self.dt * vel
        energy = 0.5 * jnp.sum(vel ** 2) + 0.5 * jnp.sum(pos ** 2)
        io_callback(_on_event, None, self.level, energy, ordered=self.strict)
        return pos, vel


def integrate(diag: Diagnostics, pos, vel, n=3):
    stepper = jax.vmap(diag.step)
    for _ in range(n):
        pos, vel = stepper(pos, vel)
    return pos, vel


def describe(arr):
    arr = np.asarray(arr)
    return {
        "shape": tuple(arr.shape),
        "min": float(arr.min()) if arr.size else None,
        "max": float(arr.max()) if arr.size else None,
        "mean": float(arr.mean()) if arr.size else None,
    }


if __name__ == "__main__":
    diag = Diagnostics(level=1, dt=0.05)
    pos = jnp.array([[1.0, 0.0], [0.0, 1.0], [0.5, 0.5]])
    vel = jnp.zeros_like(pos)
    pos, vel = integrate(diag, pos, vel)
    print(pos)
    print("events", len(_EVENTS), "strict", diag.strict)
