"""Kepler-orbit fitting.

The eccentric anomaly is initialised by a Newton solve and then polished by a
fixed number of refinement sweeps inside the fit.
"""
import functools
from typing import NamedTuple

import numpy as np
import jax
import jax.numpy as jnp

N_REFINE = 6


class Orbit(NamedTuple):
    ecc: jnp.ndarray
    period: jnp.ndarray
    phase: jnp.ndarray


def newton_kepler(mean_anom, ecc, tol=1e-6, max_iter=50):
    def cond(state):
        E, it, delta = state
        return (jnp.max(jnp.abs(delta)) > tol) & (it < max_iter)

    def body(state):
        E, it, _ = state
        f = E - ecc * jnp.sin(E) - mean_anom
        fp = 1.0 - ecc * jnp.cos(E)
        step = f / fp
        return E - step, it + 1, step

    E0 = mean_anom
    E, _, _ = jax.lax.while_loop(cond, body, (E0, 0, jnp.ones_like(E0)))
    return E


def refine(E, mean_anom, ecc):
    def sweep(i, E):
        return E - (E - ecc * jnp.sin(E) - mean_anom) / (1.0 - ecc * jnp.cos(E))
    return jax.lax.fori_loop(0, N_REFINE, sweep, E)


def radial_velocity(orbit: Orbit, t, E_guess):
    M = 2 * jnp.pi * t / orbit.period + orbit.phase
    E = refine(E_guess, M, orbit.ecc)
    nu = 2 * jnp.arctan2(jnp.sqrt(1 + orbit.ecc) * jnp.sin(E / 2),
                         jnp.sqrt(1 - orbit.ecc) * jnp.cos(E / 2))
    return jnp.cos(nu) + orbit.ecc * jnp.cos(orbit.phase)


def chi2(orbit, t, rv, E_guess):
    return jnp.sum((radial_velocity(orbit, t, E_guess) - rv) ** 2)


@functools.partial(jax.jit, static_argnames=("lr",))
def fit_step(orbit, t, rv, E_guess, lr=1e-3):
    val, g = jax.value_and_grad(chi2)(orbit, t, rv, E_guess)
    orbit = jax.tree_util.tree_map(lambda a, b: a - lr * b, orbit, g)
    return orbit, val


def simulate(n=25, seed=0):
    rng = np.random.default_rng(seed)
    t = np.sort(rng.uniform(0, 10, n)).astype(np.float32)
    truth = Orbit(jnp.float32(0.3), jnp.float32(4.0), jnp.float32(0.5))
    M = 2 * jnp.pi * t / truth.period + truth.phase
    E = newton_kepler(M, truth.ecc)
    rv = radial_velocity(truth, t, E) + 0.01 * rng.normal(size=n).astype(np.float32)
    return jnp.asarray(t), rv


if __name__ == "__main__":
    t, rv = simulate()
    orbit = Orbit(jnp.float32(0.2), jnp.float32(4.1), jnp.float32(0.4))
    for epoch in range(4):
        M = 2 * jnp.pi * t / orbit.period + orbit.phase
        E_guess = jax.lax.stop_gradient(newton_kepler(M, orbit.ecc))
        orbit, val = fit_step(orbit, t, rv, E_guess)
        print(f"epoch {epoch}: chi2={float(val):.4f} e={float(orbit.ecc):.3f}")
