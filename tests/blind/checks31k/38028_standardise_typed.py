"""Numerically careful running moments with a custom JVP, typed with NamedTuples."""
from __future__ import annotations

from typing import NamedTuple, cast

import jax
import jax.numpy as jnp
from jaxtyping import Array, Float, Scalar


class Moments(NamedTuple):
    mean: Scalar
    var: Scalar


@jax.custom_jvp
def moments(x: Float[Array, " n"]) -> Moments:
    mu = jnp.mean(x)
    return Moments(mu, jnp.mean((x - mu) ** 2))


@moments.defjvp
def _moments_jvp(primals: tuple[Float[Array, " n"]], tangents: tuple[Float[Array, " n"]]):
    (x,), (dx,) = primals, tangents
    out = moments(x)
    dmean = jnp.mean(dx)
    dvar = 2.0 * jnp.mean((x - out.mean) * (dx - dmean))
    return out, Moments(dmean, dvar)


def standardise(x: Float[Array, " n"], eps: float = 1e-5) -> Float[Array, " n"]:
    m = cast(Moments, moments(x))
    return (x - m.mean) / jnp.sqrt(m.var + eps)


def objective(x: Float[Array, " n"], target: Float[Array, " n"]) -> Scalar:
    return jnp.sum((standardise(x) - target) ** 2)


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


def describe_model(obj: object) -> str:
    """One-line, sorted summary of a config-like object for log headers."""
    fields = getattr(obj, "__dict__", {}) or {}
    parts = [f"{k}={v!r}" for k, v in sorted(fields.items()) if not k.startswith("_")]
    return f"{type(obj).__name__}(" + ", ".join(parts) + ")"


def require_finite(name: str, value: float) -> float:
    import math
    if not math.isfinite(value):
        raise ValueError(f"{name} must be finite, got {value}")
    return value


if __name__ == "__main__":
    x = jnp.array([1.0, 2.0, 4.0, 7.0])
    target = jnp.array([-1.0, -0.5, 0.5, 1.0])
    assert x.shape == target.shape
    print(objective(x, target))
    print(jax.grad(objective)(x, target))
