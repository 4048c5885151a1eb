"""Typed batch runner for a recommendation re-ranker with an ordered exposure ledger."""
from __future__ import annotations

from typing import Callable, Literal, ParamSpec, TypeVar, get_type_hints
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback
from jaxtyping import Array, Float
from pydantic import BaseModel

P = ParamSpec("P")
R = TypeVar("R")

LEDGER: list[int] = []


def checked(fn: Callable[P, R]) -> Callable[P, R]:
    hints = get_type_hints(fn)

    @functools.wraps(fn)
    def inner(*args: P.args, **kwargs: P.kwargs) -> R:
        for name, value in zip(fn.__code__.co_varnames, args):
            if hints.get(name) is float and not isinstance(value, float):
                raise TypeError(f"{name} must be float")
        return fn(*args, **kwargs)

    return inner


class RunnerConfig(BaseModel):
    batching: Literal["vectorize", "sequential"] = "sequential"
    temperature: float = 0.7


def _log_exposure(scores) -> np.ndarray:
    top = int(np.argmax(np.asarray(scores)))
    LEDGER.append(top)
    return np.int32(top)


@checked
def rerank(scores: Float[Array, " items"], temperature: float) -> Float[Array, " items"]:
    probs = jax.nn.softmax(scores / temperature)
    chosen = io_callback(_log_exposure, jax.ShapeDtypeStruct((), jnp.int32), probs, ordered=True)
    return probs.at[chosen].add(0.0)


def run_batch(batch: Float[Array, "users items"], cfg: RunnerConfig) -> Float[Array, "users items"]:
    step = functools.partial(rerank, temperature=cfg.temperature)
    if cfg.batching == "vectorize":
        return jax.vmap(step)(batch)
    return jax.lax.map(step, batch)


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
    cfg = RunnerConfig.model_validate_json('{"temperature": 0.5}')
    batch = jnp.arange(12.0).reshape(3, 4) % 5.0
    print(run_batch(batch, cfg).round(3), LEDGER)
