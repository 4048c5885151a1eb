"""Particle pusher whose host tracing mode is read from the environment (no variable set here)."""
import os
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

STRICT_ORDER = os.environ.get("PUSHER_STRICT_TRACE", "1").lower() in ("1", "true", "yes")
ROWS = []


def _host_row(pos):
    ROWS.append(np.asarray(pos).tolist())
    return np.asarray(pos)


def make_tracer(strict):
    def tracer(pos):
        return io_callback(_host_row, jax.ShapeDtypeStruct(pos.shape, pos.dtype), pos,
                           ordered=strict)
    return tracer


def push(pos, vel, field, dt, tracer):
    vel = vel + dt * field(pos)
    pos = pos + dt * vel
    return tracer(pos), vel


def field(p):
    return -p


def simulate(p0, v0):
    tracer = make_tracer(STRICT_ORDER)
    p, v = p0, v0
    for _ in range(3):
        p, v = push(p, v, field, 0.05, tracer)
    return p


if __name__ == "__main__":
    p0 = jnp.array([[1.0, 0.0], [0.0, 1.0], [0.5, 0.5]])
    v0 = jnp.zeros_like(p0)
    out = jax.jit(jax.vmap(simulate))(p0, v0)
    print(out, len(ROWS))
