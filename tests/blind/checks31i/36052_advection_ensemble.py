"""advect.py -- 1-D tracer advection on a periodic grid, with ensemble runs and diagnostics.

Diagnostics (total mass, max concentration) are written to the host in step order so that
the NetCDF-ish writer downstream can append them without sorting.
"""
from __future__ import annotations

import dataclasses
import math
from typing import Callable, Dict, List, Literal, Optional, Tuple

import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

Scheme = Literal["upwind", "lax_wendroff", "centered"]

# ---------------------------------------------------------------------------
# grids and initial conditions
# ---------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Grid:
    n: int
    length: float = 1.0

    @property
    def dx(self) -> float:
        return self.length / self.n

    def centres(self) -> jnp.ndarray:
        return (jnp.arange(self.n) + 0.5) * self.dx

    def __repr__(self) -> str:
        return f"Grid(n={self.n}, dx={self.dx:.4g})"


def gaussian_blob(grid: Grid, centre: float = 0.3, width: float = 0.05) -> jnp.ndarray:
    x = grid.centres()
    return jnp.exp(-0.5 * ((x - centre) / width) ** 2)


def square_wave(grid: Grid, lo: float = 0.2, hi: float = 0.4) -> jnp.ndarray:
    x = grid.centres()
    return jnp.where((x >= lo) & (x <= hi), 1.0, 0.0)


def cfl_number(u: float, dt: float, grid: Grid) -> float:
    return abs(u) * dt / grid.dx


def stable_dt(u: float, grid: Grid, cfl: float = 0.8) -> float:
    if u == 0:
        return math.inf
    return cfl * grid.dx / abs(u)


# ---------------------------------------------------------------------------
# schemes
# ---------------------------------------------------------------------------

def upwind(c: jnp.ndarray, nu: jnp.ndarray) -> jnp.ndarray:
    return c - nu * (c - jnp.roll(c, 1))


def lax_wendroff(c: jnp.ndarray, nu: jnp.ndarray) -> jnp.ndarray:
    cp, cm = jnp.roll(c, -1), jnp.roll(c, 1)
    return c - 0.5 * nu * (cp - cm) + 0.5 * nu ** 2 * (cp - 2 * c + cm)


def centered(c: jnp.ndarray, nu: jnp.ndarray) -> jnp.ndarray:
    return c - 0.5 * nu * (jnp.roll(c, -1) - jnp.roll(c, 1))


SCHEMES: Dict[str, Callable] = {"upwind": upwind, "lax_wendroff": lax_wendroff, "centered": centered}


def minmod(a: jnp.ndarray, b: jnp.ndarray) -> jnp.ndarray:
    return jnp.where(a * b > 0, jnp.sign(a) * jnp.minimum(jnp.abs(a), jnp.abs(b)), 0.0)


def limited_step(c: jnp.ndarray, nu: jnp.ndarray) -> jnp.ndarray:
    slope = minmod(c - jnp.roll(c, 1), jnp.roll(c, -1) - c)
    face = c + 0.5 * (1 - nu) * slope
    return c - nu * (face - jnp.roll(face, 1))


# ---------------------------------------------------------------------------
# diagnostics
# ---------------------------------------------------------------------------

class DiagnosticWriter:
    def __init__(self):
        self.rows: List[Tuple[int, float, float]] = []

    def __call__(self, step, mass, peak):
        self.rows.append((int(np.asarray(step)), float(np.asarray(mass)), float(np.asarray(peak))))
        return np.float32(np.asarray(mass))

    def table(self) -> str:
        return "\n".join(f"{s:4d} mass={m:.5f} peak={p:.4f}" for s, m, p in self.rows[-3:])


WRITER = DiagnosticWriter()


def write_diagnostics(step: jnp.ndarray, c: jnp.ndarray, dx: float) -> jnp.ndarray:
    mass = jnp.sum(c) * dx
    return io_callback(WRITER, jax.ShapeDtypeStruct((), jnp.float32), step, mass, jnp.max(c),
                       ordered=True)


# ---------------------------------------------------------------------------
# drivers
# ---------------------------------------------------------------------------

def integrate(c0: jnp.ndarray, u: jnp.ndarray, dt: float, grid: Grid, n_steps: int,
              scheme: Scheme = "upwind", diagnostics: bool = True) -> jnp.ndarray:
    step_fn = SCHEMES[scheme]
    nu = u * dt / grid.dx

    def body(c, k):
        c = step_fn(c, nu)
        if diagnostics:
            write_diagnostics(k, c, grid.dx)
        return c, None

    c, _ = jax.lax.scan(body, c0, jnp.arange(n_steps))
    return c


def run_ensemble(c0: jnp.ndarray, winds: jnp.ndarray, dt: float, grid: Grid, n_steps: int) -> jnp.ndarray:
    """One member per wind speed (perturbed-physics ensemble), members run one after another."""
    member = lambda u: integrate(c0, u, dt, grid, n_steps)
    return jax.lax.map(member, winds)


def ensemble_spread(members: jnp.ndarray) -> jnp.ndarray:
    return jnp.std(members, axis=0)


def l1_error(a: jnp.ndarray, b: jnp.ndarray, dx: float) -> float:
    return float(jnp.sum(jnp.abs(a - b)) * dx)


def exact_shift(c0: jnp.ndarray, u: float, t: float, grid: Grid) -> jnp.ndarray:
    shift = (u * t / grid.dx)
    k = jnp.fft.fftfreq(grid.n)
    return jnp.real(jnp.fft.ifft(jnp.fft.fft(c0) * jnp.exp(-2j * jnp.pi * k * shift)))


def convergence_table(ns=(16, 32)) -> List[Tuple[int, float]]:
    out = []
    for n in ns:
        g = Grid(n)
        c0 = gaussian_blob(g)
        dt = stable_dt(1.0, g, 0.5)
        steps = int(0.2 / dt)
        c = integrate(c0, jnp.float32(1.0), dt, g, steps, "lax_wendroff", diagnostics=False)
        out.append((n, l1_error(c, exact_shift(c0, 1.0, steps * dt, g), g.dx)))
    return out


def total_variation(c: jnp.ndarray) -> jnp.ndarray:
    return jnp.sum(jnp.abs(c - jnp.roll(c, 1)))


def courant_report(winds: Sequence[float], dt: float, grid: Grid) -> str:
    rows = []
    for u in winds:
        nu = cfl_number(u, dt, grid)
        flag = "ok" if nu <= 1.0 else "UNSTABLE"
        rows.append(f"u={u:+.2f} nu={nu:.2f} {flag}")
    return "; ".join(rows)


def to_csv(c: jnp.ndarray, grid: Grid) -> str:
    x = np.asarray(grid.centres())
    return "\n".join(f"{xi:.5f},{ci:.6f}" for xi, ci in zip(x, np.asarray(c)))


def mass_drift(c0: jnp.ndarray, c: jnp.ndarray, dx: float) -> float:
    return float((jnp.sum(c) - jnp.sum(c0)) * dx)


def main() -> None:
    grid = Grid(32)
    c0 = gaussian_blob(grid)
    dt = stable_dt(1.0, grid)
    print(grid, f"dt={dt:.4f}", f"cfl={cfl_number(1.0, dt, grid):.2f}")
    print("convergence:", convergence_table())
    c = jax.jit(integrate, static_argnums=(2, 3, 4))(c0, jnp.float32(1.0), dt, grid, 6)
    print(WRITER.table())
    winds = jnp.array([0.8, 1.0, 1.2])
    members = run_ensemble(c0, winds, dt, grid, 6)
    print("ensemble spread max:", float(ensemble_spread(members).max()))


if __name__ == "__main__":
    main()
