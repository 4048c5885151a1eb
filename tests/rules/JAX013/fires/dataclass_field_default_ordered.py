"""a dataclass option declared `field(default=True)` and left to it: the logger is ordered, and vmap batches it"""
import dataclasses

import jax
import jax.numpy as jnp
from jax.experimental import io_callback


@dataclasses.dataclass(frozen=True)
class LogOptions:
    every: int = 1
    ordered: bool = dataclasses.field(default=True)


def note(v):
    return None


def step(x, opts=LogOptions()):
    io_callback(note, None, x, ordered=opts.ordered)  # EXPECT: JAX013
    return x + 1.0


if __name__ == "__main__":
    print(jax.vmap(step)(jnp.arange(3.0)))
