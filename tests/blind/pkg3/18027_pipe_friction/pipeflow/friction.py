import jax
import jax.numpy as jnp

from .registry import REGIMES

RHO, MU = 1000.0, 1e-3


def friction_factor(Re, rel_rough):
    bounds = jnp.array([b for b, _ in REGIMES[:-1]])
    idx = jnp.searchsorted(bounds, Re)
    branches = [fn for _, fn in REGIMES]
    return jax.lax.switch(idx, branches, Re, rel_rough)


def pressure_drop(velocity, diameter, length, rel_rough=1e-4):
    Re = RHO * velocity * diameter / MU
    f = friction_factor(Re, jnp.float32(rel_rough))
    return f * length / diameter * 0.5 * RHO * velocity ** 2
