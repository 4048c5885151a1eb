"""Quantised-activation layer whose backward pass is chosen by a validated pydantic config."""
from __future__ import annotations

from typing import Literal

import jax
import jax.numpy as jnp
from jaxtyping import Array, Float
from pydantic import BaseModel, Field

Surrogate = Literal["straight", "smooth"]


class QuantConfig(BaseModel):
    levels: int = Field(default=8, ge=2)
    surrogate: Surrogate = "straight"
    beta: float = Field(default=4.0, gt=0)


def quantise_fwd(x: Float[Array, " n"], scale: Float[Array, ""]):
    q = jnp.round(x * scale) / scale
    return q, (x, scale)


def bwd_straight(res, g: Float[Array, " n"]):
    x, scale = res
    return g, jnp.zeros_like(scale)


def bwd_smooth(res, g: Float[Array, " n"]):
    x, scale = res
    frac = x * scale - jnp.round(x * scale)
    dx = g * (1.0 + 0.1 * jnp.tanh(frac))
    return dx * (jnp.abs(x) < 1.0)


_BACKWARDS = {"straight": bwd_straight, "smooth": bwd_smooth}


def make_quantiser(cfg: QuantConfig):
    @jax.custom_vjp
    def quantise(x: Float[Array, " n"], scale: Float[Array, ""]) -> Float[Array, " n"]:
        return jnp.round(x * scale) / scale

    quantise.defvjp(quantise_fwd, _BACKWARDS[cfg.surrogate])
    return quantise


def loss(w: Float[Array, " n"], x: Float[Array, " n"], cfg: QuantConfig) -> Float[Array, ""]:
    quant = make_quantiser(cfg)
    scale = jnp.float32(cfg.levels - 1)
    return jnp.sum((quant(w * x, scale) - 0.3) ** 2)


def shape_report(**arrays: object) -> dict[str, tuple[int, ...]]:
    """Shapes of the given arrays, for assertion messages."""
    out: dict[str, tuple[int, ...]] = {}
    for key, arr in arrays.items():
        out[key] = tuple(getattr(arr, "shape", ()))
    return out


def as_percent(fraction: float, digits: int = 1) -> str:
    if not 0.0 <= fraction <= 1.0:
        raise ValueError("fraction out of range")
    return f"{100.0 * fraction:.{digits}f}%"


if __name__ == "__main__":
    cfg = QuantConfig.model_validate({"levels": 16})
    w = jnp.linspace(-0.5, 0.5, 5)
    x = jnp.ones(5)
    print(jax.grad(loss)(w, x, cfg))
