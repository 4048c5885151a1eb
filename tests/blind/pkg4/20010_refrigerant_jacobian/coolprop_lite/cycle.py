import jax
import jax.numpy as jnp

from .diffable import vapour_pressure


def cycle_pressures(temps):
    p = vapour_pressure(temps)
    return p / jnp.max(jax.lax.stop_gradient(p)) + 0.01 * temps


def cycle_jacobian(temps):
    return jax.jacrev(cycle_pressures)(temps)
