"""Typed rule protocol for a custom-gradient softplus barrier used by an interior-point step."""
from __future__ import annotations

from typing import Protocol, TypeAlias, runtime_checkable

import jax
import jax.numpy as jnp
from jaxtyping import Array, Float

Residual: TypeAlias = tuple[Float[Array, " n"], float]


@runtime_checkable
class ForwardRule(Protocol):
    def __call__(self, x: Float[Array, " n"], t: float) -> tuple[Float[Array, ""], Residual]: ...


@runtime_checkable
class BackwardRule(Protocol):
    def __call__(self, res: Residual, g: Float[Array, ""]) -> tuple[Float[Array, " n"], None]: ...


def barrier_fwd(x: Float[Array, " n"], t: float) -> tuple[Float[Array, ""], Residual]:
    val = -jnp.sum(jnp.log(x)) / t
    return val, (x, t)


def barrier_bwd(res: Residual) -> tuple[Float[Array, " n"], None]:
    x, t = res
    return (-1.0 / (x * t), None)


def attach(fn, fwd: ForwardRule, bwd: BackwardRule):
    assert isinstance(fwd, ForwardRule) and isinstance(bwd, BackwardRule)
    fn.defvjp(fwd, bwd)
    return fn


@jax.custom_vjp
def log_barrier(x: Float[Array, " n"], t: float) -> Float[Array, ""]:
    return -jnp.sum(jnp.log(x)) / t


barrier = attach(log_barrier, barrier_fwd, barrier_bwd)


def merit(x: Float[Array, " n"], c: Float[Array, " n"], t: float) -> Float[Array, ""]:
    return c @ x + barrier(x, t)


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
    x = jnp.array([0.5, 1.0, 2.0])
    c = jnp.array([1.0, -0.5, 0.25])
    for t in (1.0, 10.0):
        step = jax.grad(merit)(x, c, t)
        x = jnp.maximum(x - 0.05 * step, 1e-3)
    print(x)
