"""Fluent builder for a host-side post-processing hook."""
from typing import Callable, Self

import numpy as np
import jax
import jax.numpy as jnp


def _unit(v):
    return v / jnp.linalg.norm(v)


class HookBuilder:
    def __init__(self):
        self._steps: list[Callable] = []
        self._dtype = np.float32

    def clip(self, lo: float, hi: float) -> Self:
        self._steps.append(lambda a: np.clip(a, lo, hi))
        return self

    def normalised(self, flag: bool = True) -> Self:
        if flag:
            self._steps.append(lambda a: np.asarray(_unit(a)))
        return self

    def rounded(self, digits: int) -> Self:
        self._steps.append(lambda a: np.round(a, digits))
        return self

    def build(self):
        steps, dt = tuple(self._steps), self._dtype

        def hook(x):
            a = np.asarray(x)
            for step in steps:
                a = step(a)
            return a.astype(dt)
        return hook


def apply_hook(hook, x):
    return jax.pure_callback(hook, jax.ShapeDtypeStruct(x.shape, jnp.float32), x)


def format_row(cells, widths=None):
    """Fixed-width table row for console output."""
    cells = [str(c) for c in cells]
    widths = widths or [max(8, len(c)) for c in cells]
    return " | ".join(c.ljust(w) for c, w in zip(cells, widths))



if __name__ == "__main__":
    hook = HookBuilder().clip(-1.0, 4.0).normalised(True).rounded(3).build()
    y = jax.jit(lambda v: apply_hook(hook, v * 2.0))(jnp.array([1.0, 2.0, 3.0]))
    print(np.asarray(y))
