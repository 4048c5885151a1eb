"""Thermocouple linearisation: a validated calibration config picks the host interpolator."""
from __future__ import annotations

from typing import Callable, Dict, Literal

import jax
import jax.numpy as jnp
import numpy as np
from pydantic import BaseModel, Field, field_validator

Backend = Literal["numpy", "jax"]

# type K thermocouple: millivolt -> degrees Celsius (coarse table)
MV_TABLE = np.array([0.0, 4.096, 8.138, 12.209, 16.397, 20.644], dtype=np.float32)
DEG_TABLE = np.array([0.0, 100.0, 200.0, 300.0, 400.0, 500.0], dtype=np.float32)


class CalibrationConfig(BaseModel):
    sensor: str = Field(default="type-K")
    backend: Backend = Field(default="numpy")
    offset_mv: float = Field(default=0.0, ge=-1.0, le=1.0)

    @field_validator("sensor")
    @classmethod
    def _known_sensor(cls, v: str) -> str:
        if v not in {"type-K", "type-J"}:
            raise ValueError(f"unknown sensor {v}")
        return v


def _lookup_numpy(mv: np.ndarray) -> np.ndarray:
    return np.interp(mv, MV_TABLE, DEG_TABLE).astype(np.float32)


def _lookup_accel(mv: np.ndarray) -> np.ndarray:
    # "reuse the accelerator interpolation" -- runs on the host thread
    out = jnp.interp(mv, MV_TABLE, DEG_TABLE)
    return np.asarray(out, dtype=np.float32)


LOOKUPS: Dict[Backend, Callable[[np.ndarray], np.ndarray]] = {
    "numpy": _lookup_numpy,
    "jax": _lookup_accel,
}


def make_host(cfg: CalibrationConfig) -> Callable[[jax.Array], np.ndarray]:
    lookup = LOOKUPS[cfg.backend]

    def host(mv):
        mv = np.asarray(mv) + np.float32(cfg.offset_mv)
        return lookup(mv)

    return host


def linearise(cfg: CalibrationConfig):
    host = make_host(cfg)

    @jax.jit
    def to_celsius(mv: jax.Array) -> jax.Array:
        spec = jax.ShapeDtypeStruct(mv.shape, jnp.float32)
        return jax.pure_callback(host, spec, mv)

    return to_celsius


if __name__ == "__main__":
    cfg = CalibrationConfig.model_validate({"sensor": "type-K", "offset_mv": 0.01})
    readings = jnp.array([1.2, 5.5, 9.9, 14.0], dtype=jnp.float32)
    temps = linearise(cfg)(readings)
    assert temps.shape == readings.shape
    print(cfg.backend, np.round(np.asarray(temps), 1))
