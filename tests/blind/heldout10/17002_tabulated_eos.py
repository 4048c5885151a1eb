"""Equation-of-state table lookup inside a small hydro relaxation step.

The table is interpolated on the host with scipy; the pressure derivative is
supplied analytically so that the solver can differentiate through it.
"""
from functools import partial
from typing import NamedTuple

import numpy as np
from scipy.interpolate import CubicSpline
import jax
import jax.numpy as jnp


class Grid(NamedTuple):
    rho: jnp.ndarray
    energy: jnp.ndarray


class Table:
    def __init__(self, n=40):
        rho = np.linspace(0.1, 5.0, n)
        pressure = 0.4 * rho ** 1.4 + 0.05 * np.sin(rho)
        self._spline = CubicSpline(rho, pressure)
        self._dspline = self._spline.derivative()
        self.lo, self.hi = float(rho[0]), float(rho[-1])

    def eval_host(self, r):
        r = np.clip(np.asarray(r), self.lo, self.hi)
        return self._spline(r).astype(np.float32)

    def deriv_host(self, r):
        r = np.clip(np.asarray(r), self.lo, self.hi)
        return self._dspline(r).astype(np.float32)


TABLE = Table()


def _host(fn, r):
    shape = jax.ShapeDtypeStruct(r.shape, jnp.float32)
    return jax.pure_callback(fn, shape, r, vmap_method="broadcast_all")


@jax.custom_jvp
def pressure(rho):
    return _host(TABLE.eval_host, rho)


@pressure.defjvp
def _pressure_jvp(primals, tangents):
    (rho,), (drho,) = primals, tangents
    p = pressure(rho)
    dp = _host(TABLE.deriv_host, rho)
    return p, dp * drho


def sound_speed_sq(rho):
    return jax.grad(lambda r: jnp.sum(pressure(r)))(rho)


def relax(state: Grid, dt: float):
    p = pressure(state.rho)
    flux = jnp.diff(p, prepend=p[:1])
    rho = state.rho - dt * flux
    energy = state.energy + dt * 0.5 * flux * state.rho
    return Grid(rho=rho, energy=energy)


@partial(jax.jit, static_argnums=(1,))
def evolve(state, n_steps):
    def body(s, _):
        s = relax(s, 0.01)
        return s, jnp.sum(s.energy)
    return jax.lax.scan(body, state, None, length=n_steps)


def total_energy(rho0):
    state = Grid(rho=rho0, energy=jnp.ones_like(rho0))
    final, energies = evolve(state, 4)
    return energies[-1] + 0.1 * jnp.sum(final.rho)


def initial_profile(n):
    x = jnp.linspace(0.0, 1.0, n)
    return 1.0 + 0.5 * jnp.exp(-((x - 0.5) / 0.1) ** 2)


def report(name, arr):
    arr = np.asarray(arr)
    print(f"{name:>12s}: mean={arr.mean():.4f} max={arr.max():.4f}")


if __name__ == "__main__":
    rho0 = initial_profile(16)
    report("rho0", rho0)
    report("c_s^2", sound_speed_sq(rho0))
    g = jax.grad(total_energy)(rho0)
    report("dE/drho0", g)
    e, tangent = jax.jvp(total_energy, (rho0,), (jnp.ones_like(rho0),))
    print("energy", float(e), "directional", float(tangent))
    h = jax.hessian(lambda r: jnp.sum(pressure(r) ** 2))(rho0[:4])
    report("hessian", h)
