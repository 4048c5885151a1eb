"""A fluent builder for host probes; .batched() decides how the probe is mapped."""
from __future__ import annotations

from typing import Callable, Self

import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

CAPTURED = []


def _capture(v):
    CAPTURED.append(np.asarray(v).sum())


class ProbeBuilder:
    def __init__(self):
        self._sink: Callable | None = None
        self._ordered = False
        self._mapper = jax.vmap

    def with_sink(self, sink) -> Self:
        self._sink = sink
        return self

    def ordered(self, flag: bool = True) -> Self:
        self._ordered = flag
        return self

    def batched(self, how: str = "vector") -> Self:
        self._mapper = jax.vmap if how == "vector" else (lambda f: lambda xs: jax.lax.map(f, xs))
        return self

    def build(self):
        sink, ordered, mapper = self._sink, self._ordered, self._mapper

        def probe(x):
            io_callback(sink, None, x, ordered=ordered)
            return jnp.tanh(x)
        return mapper(probe)


def pipeline(xs, probe):
    h = probe(xs * 2.0)
    return h.mean(axis=-1)


if __name__ == "__main__":
    probe = ProbeBuilder().with_sink(_capture).ordered(True).batched("sequential").build()
    xs = jnp.arange(6.0).reshape(3, 2) / 6
    print(pipeline(xs, probe))
    print("captured", len(CAPTURED))
