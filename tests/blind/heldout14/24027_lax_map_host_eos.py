"""Equation-of-state table evaluated row by row with lax.map: the host
routine (CoolProp-style) is not vectorised, so each state point is sent on
its own."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

R_GAS = 8.314462618
A_VDW, B_VDW = 0.1382, 3.19e-5  # N2, SI units


def _vdw_pressure(state):
    T, v = float(state[0]), float(state[1])
    return np.float32(R_GAS * T / (v - B_VDW) - A_VDW / v**2)


def pressure(state):
    return jax.pure_callback(_vdw_pressure, jax.ShapeDtypeStruct((), jnp.float32), state)


@jax.jit
def isotherm(T, volumes):
    states = jnp.stack([jnp.full_like(volumes, T), volumes], axis=1)
    return lax.map(pressure, states)


if __name__ == "__main__":
    vols = jnp.geomspace(1e-4, 1e-2, 6)
    p = isotherm(300.0, vols)
    print(p)
    # batch over temperatures in Python, not vmap
    for T in (250.0, 350.0):
        print(T, isotherm(T, vols)[:2])
