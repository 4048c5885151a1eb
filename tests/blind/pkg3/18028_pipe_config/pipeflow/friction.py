import jax
import jax.numpy as jnp

from .registry import REGIMES
from .config import FLOW


def friction_factor(Re, rel_rough):
    if FLOW.regime == "auto":
        return jnp.where(Re < 2300.0, REGIMES["laminar"](Re, rel_rough),
                         REGIMES["turbulent"](Re, rel_rough))
    return REGIMES[FLOW.regime](Re, rel_rough)


def pressure_drop(velocity, diameter, length, rel_rough=1e-4):
    Re = FLOW.rho * velocity * diameter / FLOW.mu
    f = friction_factor(Re, jnp.float32(rel_rough))
    return f * length / diameter * 0.5 * FLOW.rho * velocity ** 2
