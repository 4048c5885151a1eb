"""Credit-spread curve: a TypedDict of callback keywords chosen by a Literal batching mode."""
from __future__ import annotations

import dataclasses
from typing import Final, Literal, TypedDict, cast

import jax
import jax.numpy as jnp
import numpy as np
from scipy.interpolate import PchipInterpolator

BatchMode = Literal["legacy", "sequential", "none"]
TENORS: Final = np.array([0.5, 1.0, 2.0, 5.0, 10.0])
SPREADS_BP: Final = np.array([45.0, 60.0, 85.0, 130.0, 170.0])


class CallbackKw(TypedDict, total=False):
    vmap_method: str
    vectorized: bool


@dataclasses.dataclass(frozen=True)
class CurveConfig:
    batching: BatchMode = "legacy"
    recovery: float = 0.4


def callback_kwargs(mode: BatchMode) -> CallbackKw:
    if mode == "legacy":
        return CallbackKw(vectorized=True)
    if mode == "sequential":
        return CallbackKw(vmap_method="sequential")
    return CallbackKw()


_CURVE = PchipInterpolator(TENORS, SPREADS_BP)


def spread_host(tenor) -> np.ndarray:
    t = np.clip(np.asarray(tenor, dtype=np.float64), TENORS[0], TENORS[-1])
    return (_CURVE(t) * 1e-4).astype(np.float32)


def hazard_rate(tenor: jax.Array, cfg: CurveConfig) -> jax.Array:
    kw = callback_kwargs(cast(BatchMode, cfg.batching))
    s = jax.pure_callback(spread_host, jax.ShapeDtypeStruct(tenor.shape, jnp.float32), tenor, **kw)
    return s / (1.0 - cfg.recovery)


def survival(tenor: jax.Array, cfg: CurveConfig) -> jax.Array:
    return jnp.exp(-hazard_rate(tenor, cfg) * tenor)


if __name__ == "__main__":
    cfg = CurveConfig()
    tenors = jnp.array([1.0, 3.0, 7.0], jnp.float32)
    print(cfg.batching, np.round(np.asarray(jax.jit(lambda t: survival(t, cfg))(tenors)), 4))
