"""Audio level monitor: a generic registry holds spectral probes; a typed decorator checks calls."""
import functools
import typing
from typing import Callable, Dict, Generic, Literal, ParamSpec, TypeVar

import attrs
import jax
import jax.numpy as jnp
import numpy as np

P = ParamSpec("P")
R = TypeVar("R")
T = TypeVar("T")
ProbeName = Literal["rms", "spectral"]
LOG: list = []


def checked(fn: Callable[P, R]) -> Callable[P, R]:
    hints = typing.get_type_hints(fn)

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        for name, value in zip(fn.__code__.co_varnames, args):
            want = hints.get(name)
            if want is np.ndarray and not isinstance(value, np.ndarray):
                raise TypeError(f"{name} must be a numpy array")
        return fn(*args, **kwargs)
    return wrapper


class Registry(Generic[T]):
    def __init__(self) -> None:
        self._items: Dict[str, T] = {}

    def register(self, name: str) -> Callable[[T], T]:
        def deco(item: T) -> T:
            self._items[name] = item
            return item
        return deco

    def get(self, name: str) -> T:
        return self._items[name]


PROBES: Registry[Callable[[np.ndarray], float]] = Registry()


@PROBES.register("rms")
@checked
def rms_probe(frame: np.ndarray) -> float:
    return float(np.sqrt(np.mean(frame ** 2)))


@PROBES.register("spectral")
@checked
def spectral_probe(frame: np.ndarray) -> float:
    power = jnp.abs(jnp.fft.rfft(frame)) ** 2
    return float(np.asarray(power).argmax())


@attrs.frozen
class MonitorConfig:
    probe: ProbeName = attrs.field(default="spectral")
    every: int = attrs.field(default=1, converter=int)


def make_monitor(cfg: MonitorConfig) -> Callable[[jax.Array], None]:
    probe = PROBES.get(cfg.probe)

    def on_host(frame) -> None:
        LOG.append(probe(np.asarray(frame)))
    return on_host


def gain_stage(frame: jax.Array, gain: float, cfg: MonitorConfig) -> jax.Array:
    y = jnp.tanh(gain * frame)
    jax.debug.callback(make_monitor(cfg), y)
    return y


if __name__ == "__main__":
    cfg = MonitorConfig(every="2")
    t = jnp.linspace(0.0, 1.0, 64, dtype=jnp.float32)
    frame = jnp.sin(2 * jnp.pi * 5 * t)
    out = jax.jit(gain_stage, static_argnums=(1, 2))(frame, 3.0, cfg)
    jax.block_until_ready(out)
    jax.effects_barrier()
    print(cfg.probe, LOG)
