"""Generic sink container feeding a Monte Carlo option pricer's path recorder."""
from __future__ import annotations

import dataclasses
from typing import Callable, Generic, TypeVar

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback
from jaxtyping import Array, Float, PRNGKeyArray

T = TypeVar("T")


class Sink(Generic[T]):
    """Holds a host-side consumer and remembers what it saw."""

    def __init__(self, consume: Callable[[np.ndarray], T]) -> None:
        self._consume = consume
        self.seen: list[T] = []

    def __call__(self, payload) -> np.ndarray:
        value = self._consume(np.asarray(payload))
        self.seen.append(value)
        return np.asarray(payload, dtype=np.float32)


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class MarketState:
    spot: Float[Array, ""]
    vol: Float[Array, ""]
    rate: float = dataclasses.field(metadata=dict(static=True), default=0.03)


PATHS: Sink[float] = Sink(lambda a: float(a.mean()))


def simulate_terminal(key: PRNGKeyArray, state: MarketState, horizon: float) -> Float[Array, ""]:
    z = jax.random.normal(key, ())
    drift = (state.rate - 0.5 * state.vol ** 2) * horizon
    terminal = state.spot * jnp.exp(drift + state.vol * jnp.sqrt(horizon) * z)
    recorded = io_callback(PATHS, jax.ShapeDtypeStruct((), jnp.float32),
                           terminal.astype(jnp.float32), ordered=True)
    return terminal + 0.0 * recorded


def price_call(keys: PRNGKeyArray, state: MarketState, strike: float) -> Float[Array, ""]:
    terminals = jax.vmap(simulate_terminal, in_axes=(0, None, None))(keys, state, 1.0)
    payoff = jnp.maximum(terminals - strike, 0.0)
    return jnp.exp(-state.rate) * payoff.mean()


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
    state = MarketState(spot=jnp.float32(100.0), vol=jnp.float32(0.2))
    keys = jax.random.split(jax.random.key(0), 8)
    print(float(price_call(keys, state, 105.0)), len(PATHS.seen))
