"""a dataclass option declared `field(default=False)`: the logger is unordered"""
import dataclasses

import jax
import jax.numpy as jnp
from jax.experimental import io_callback


@dataclasses.dataclass(frozen=True)
class LogOptions:
    every: int = 1
    ordered: bool = dataclasses.field(default=False)


def note(v):
    return None


def step(x, opts=LogOptions()):
    io_callback(note, None, x, ordered=opts.ordered)
    return x + 1.0


if __name__ == "__main__":
    print(jax.vmap(step)(jnp.arange(3.0)))
