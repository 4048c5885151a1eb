"""A smoothing step reports its roughness to the host only when a debug flag is on; the flag
is a Python bool handed to the jitted step, off for this run: `lax.cond` traces the
reporting branch, whose host computes with `jnp`, but never runs it."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

REPORTS = []
DEBUG = False


def report_roughness(u):
    REPORTS.append(float(jnp.abs(jnp.diff(jnp.asarray(u))).max()))


def smooth(u, debug):
    u = 0.25 * jnp.roll(u, 1) + 0.5 * u + 0.25 * jnp.roll(u, -1)

    def loud(u):
        jax.debug.callback(report_roughness, u)
        return u

    return lax.cond(debug, loud, lambda u: u, u)


if __name__ == "__main__":
    step = jax.jit(smooth)
    u = jnp.sin(jnp.linspace(0.0, 6.0, 16))
    for _ in range(3):
        u = step(u, DEBUG)
    jax.effects_barrier()
    print(np.round(np.asarray(u[:4]), 3), REPORTS)
