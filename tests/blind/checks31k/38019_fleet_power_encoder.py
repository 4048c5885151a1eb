"""Typed telemetry encoder for a fleet of wind turbines."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, get_args

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback
from jaxtyping import Array, Float

TelemetryMode = Literal["stream", "snapshot", "off"]


@dataclass(frozen=True)
class TelemetryConfig:
    mode: TelemetryMode = "snapshot"
    rated_power_kw: float = 2500.0
    tags: tuple[str, ...] = field(default_factory=lambda: ("site-a",))

    def __post_init__(self) -> None:
        if self.mode not in get_args(TelemetryMode):
            raise ValueError(f"bad mode {self.mode!r}")


class _Uplink:
    def __init__(self) -> None:
        self.frames: list[np.ndarray] = []

    def push(self, frame) -> np.ndarray:
        arr = np.asarray(frame)
        self.frames.append(arr)
        return np.int32(len(self.frames))


UPLINK = _Uplink()


def power_curve(wind: Float[Array, " k"], rated: float) -> Float[Array, " k"]:
    cubic = 0.5 * 1.225 * 3.14 * 40.0 ** 2 * wind ** 3 / 1000.0
    return jnp.minimum(cubic, rated)


def encode_turbine(wind: Float[Array, " k"], cfg: TelemetryConfig) -> Float[Array, " k"]:
    power = power_curve(wind, cfg.rated_power_kw)
    if cfg.mode == "off":
        return power
    seq = io_callback(UPLINK.push, jax.ShapeDtypeStruct((), jnp.int32), power,
                      ordered=(cfg.mode == "stream"))
    return power + 0.0 * seq


def encode_fleet(winds: Float[Array, "turbines k"], cfg: TelemetryConfig) -> Float[Array, "turbines k"]:
    return jax.jit(jax.vmap(lambda w: encode_turbine(w, cfg)))(winds)


if __name__ == "__main__":
    cfg = TelemetryConfig(tags=("site-a", "north"))
    winds = jnp.array([[3.0, 7.0, 12.0], [4.0, 9.0, 15.0]])
    fleet = encode_fleet(winds, cfg)
    print(fleet.round(1), len(UPLINK.frames))
