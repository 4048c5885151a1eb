"""Typed sensitivity analysis of a clipped activation whose JVP rule reuses the tangent."""
from __future__ import annotations

import functools
from typing import Callable, Concatenate, Literal, ParamSpec, TypeVar

import jax
import jax.numpy as jnp
import attrs
from jaxtyping import Array, Float

P = ParamSpec("P")
R = TypeVar("R")


def with_limit(limit: float) -> Callable[[Callable[Concatenate[float, P], R]], Callable[P, R]]:
    def deco(fn: Callable[Concatenate[float, P], R]) -> Callable[P, R]:
        @functools.wraps(fn)
        def inner(*args: P.args, **kwargs: P.kwargs) -> R:
            return fn(limit, *args, **kwargs)
        return inner
    return deco


@jax.custom_jvp
def soft_clip(x: Float[Array, " n"]) -> Float[Array, " n"]:
    return 3.0 * jnp.tanh(x / 3.0)


@soft_clip.defjvp
def _soft_clip_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    slope = 1.0 - jnp.tanh(x / 3.0) ** 2
    y = 3.0 * jnp.tanh(x / 3.0) + 0.0 * dx
    return y, slope * dx


@with_limit(5.0)
def response(limit: float, x: Float[Array, " n"]) -> Float[Array, ""]:
    return jnp.sum(jnp.minimum(soft_clip(x) ** 2, limit))


@attrs.define
class Study:
    direction: Literal["forward", "reverse"] = "reverse"
    probe: tuple[float, ...] = (0.5, -1.0, 2.0)


def sensitivity(study: Study) -> Float[Array, " n"]:
    x = jnp.asarray(study.probe)
    if study.direction == "reverse":
        return jax.grad(response)(x)
    basis = jnp.eye(x.shape[0])
    return jnp.stack([jax.jvp(response, (x,), (e,))[1] for e in basis])


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
    study = Study()
    print(attrs.asdict(study), sensitivity(study))
