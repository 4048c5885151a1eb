"""ebm_column -- a one-dimensional (latitude) energy-balance climate model.

Heat is diffused meridionally and advected by a prescribed jet; outgoing
long-wave radiation is tabulated (host lookup) and diagnostics are streamed
to a host-side logger with ``io_callback`` while the ``lax.scan`` runs.
"""
from __future__ import annotations

import dataclasses
import math
from typing import Callable, Dict, List, Optional

import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

SOLAR_CONSTANT = 1361.0
HEAT_CAPACITY = 4.0e7        # J m^-2 K^-1, ~10 m mixed layer
SECONDS_PER_DAY = 86400.0


# ---------------------------------------------------------------------------
# grid
# ---------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class LatGrid:
    n: int = 36

    @property
    def edges(self) -> np.ndarray:
        return np.linspace(-90.0, 90.0, self.n + 1)

    @property
    def centres(self) -> np.ndarray:
        e = self.edges
        return 0.5 * (e[1:] + e[:-1])

    @property
    def weights(self) -> np.ndarray:
        e = np.radians(self.edges)
        w = np.sin(e[1:]) - np.sin(e[:-1])
        return w / w.sum()

    @property
    def dphi(self) -> float:
        return math.radians(180.0 / self.n)

    def __repr__(self):
        return f"LatGrid(n={self.n}, dlat={180.0 / self.n:.1f}deg)"


def insolation(lat_deg: np.ndarray, obliquity: float = 23.44) -> np.ndarray:
    """Annual-mean insolation, second Legendre approximation."""
    x = np.sin(np.radians(lat_deg))
    p2 = 0.5 * (3 * x ** 2 - 1)
    s2 = -0.482 * (obliquity / 23.44)
    return SOLAR_CONSTANT / 4.0 * (1.0 + s2 * p2)


def albedo(temp_c: jax.Array, ice_temp: float = -10.0) -> jax.Array:
    return jnp.where(temp_c < ice_temp, 0.62, 0.3)


# ---------------------------------------------------------------------------
# host-side OLR table
# ---------------------------------------------------------------------------

_OLR_T = np.linspace(-60.0, 40.0, 21)
_OLR_W = 210.0 + 2.0 * _OLR_T + 0.004 * _OLR_T ** 2


def _host_olr(temp_c):
    t = np.asarray(temp_c, dtype=np.float64)
    return np.interp(t, _OLR_T, _OLR_W).astype(np.float32)


def olr(temp_c: jax.Array) -> jax.Array:
    return jax.pure_callback(_host_olr, jax.ShapeDtypeStruct(temp_c.shape, jnp.float32), temp_c,
                             vmap_method="expand_dims")


# ---------------------------------------------------------------------------
# diagnostics logger
# ---------------------------------------------------------------------------

class DiagnosticsLog:
    """Keeps a time series of global means; verbosity controls the detail."""

    def __init__(self, weights: np.ndarray, verbose: int = 1, every: int = 10):
        self.weights = np.asarray(weights)
        self.verbose = verbose
        self.every = every
        self.rows: List[Dict[str, float]] = []

    def _global_mean(self, field: np.ndarray) -> float:
        if self.verbose >= 2:
            return float(jnp.average(field, weights=self.weights))
        return float(np.dot(field, self.weights))

    def __call__(self, step, temp, flux):
        step = int(np.asarray(step))
        temp = np.asarray(temp)
        row = {"step": step, "t_mean": float(temp.mean())}
        if step % self.every == 0:
            row["t_global"] = self._global_mean(temp)
            row["imbalance"] = self._global_mean(np.asarray(flux))
        self.rows.append(row)
        return np.int32(step)

    def last(self, key: str) -> float:
        for row in reversed(self.rows):
            if key in row:
                return row[key]
        return float("nan")

    def __len__(self):
        return len(self.rows)


def _host_cfl_warning(courant):
    c = float(np.asarray(courant))
    if c > 0.5:
        print(f"warning: diffusive Courant number {c:.2f} > 0.5")


# ---------------------------------------------------------------------------
# model
# ---------------------------------------------------------------------------

@dataclasses.dataclass
class EBMConfig:
    diffusivity: float = 0.55     # W m^-2 K^-1
    jet_speed: float = 0.0        # advective transport, fraction of a cell per step
    dt_days: float = 5.0
    n_steps: int = 60

    def validate(self) -> "EBMConfig":
        if self.dt_days <= 0 or self.n_steps <= 0:
            raise ValueError("dt and n_steps must be positive")
        return self


def _diffuse(temp: jax.Array, grid: LatGrid, D: float) -> jax.Array:
    phi = jnp.radians(jnp.asarray(grid.edges))
    cos_e = jnp.cos(phi)[1:-1]
    grad = jnp.diff(temp) / grid.dphi
    flux = jnp.concatenate([jnp.zeros(1), D * cos_e * grad, jnp.zeros(1)])
    cos_c = jnp.cos(jnp.radians(jnp.asarray(grid.centres)))
    return jnp.diff(flux) / (grid.dphi * cos_c)


def _advect(temp: jax.Array, u: float) -> jax.Array:
    upwind = jnp.roll(temp, 1)
    return -u * (temp - upwind)


def make_step(grid: LatGrid, cfg: EBMConfig, logger: Callable):
    q = jnp.asarray(insolation(grid.centres), jnp.float32)
    dt = cfg.dt_days * SECONDS_PER_DAY

    def step(temp, i):
        absorbed = (1.0 - albedo(temp)) * q
        net = absorbed - olr(temp) + _diffuse(temp, grid, cfg.diffusivity)
        temp = temp + dt * net / HEAT_CAPACITY + _advect(temp, cfg.jet_speed)
        io_callback(logger, jax.ShapeDtypeStruct((), jnp.int32), i, temp, net)
        return temp, temp.mean()

    return step


def run(grid: LatGrid, cfg: EBMConfig, logger: Callable, temp0: Optional[jax.Array] = None):
    cfg.validate()
    if temp0 is None:
        temp0 = jnp.full((grid.n,), 10.0, jnp.float32)
    courant = cfg.diffusivity * cfg.dt_days * SECONDS_PER_DAY / (HEAT_CAPACITY * grid.dphi ** 2)
    jax.debug.callback(_host_cfl_warning, courant)
    step = make_step(grid, cfg, logger)
    temp, means = jax.lax.scan(step, temp0, jnp.arange(cfg.n_steps))
    return temp, means


def equator_pole_contrast(temp: jax.Array, grid: LatGrid) -> jax.Array:
    eq = jnp.argmin(jnp.abs(jnp.asarray(grid.centres)))
    return temp[eq] - 0.5 * (temp[0] + temp[-1])


def celsius_to_kelvin(t_c):
    return t_c + 273.15


def format_profile(temp: jax.Array, grid: LatGrid, every: int = 3) -> str:
    """Human-readable latitude profile, one line per ``every`` cells."""
    lines = []
    for lat, t in list(zip(grid.centres, np.asarray(temp)))[::every]:
        bar = "#" * max(0, int((t + 40) / 4))
        lines.append(f"{lat:+6.1f} {t:7.2f} {bar}")
    return "\n".join(lines)


if __name__ == "__main__":
    grid = LatGrid(18)
    cfg = EBMConfig(n_steps=40)
    log = DiagnosticsLog(grid.weights, verbose=2, every=10)
    print(grid, cfg)
    temp, means = jax.jit(lambda: run(grid, cfg, log))()
    print("final global mean", log.last("t_global"), "imbalance", log.last("imbalance"))
    print("equator-pole contrast", float(equator_pole_contrast(temp, grid)))
    print(len(log), "diagnostic rows")
    print(format_profile(temp, grid, every=6))
