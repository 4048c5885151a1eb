"""Builder for custom-VJP clipping functions; the cotangent form is a builder option."""
from typing import Self

import numpy as np
import jax
import jax.numpy as jnp


class ClipBuilder:
    def __init__(self):
        self._lo, self._hi = -1.0, 1.0
        self._form = "tuple"

    def bounds(self, lo: float, hi: float) -> Self:
        if not lo < hi:
            raise ValueError("empty interval")
        self._lo, self._hi = lo, hi
        return self

    def cotangent_form(self, form: str) -> Self:
        self._form = form
        return self

    def build(self):
        lo, hi, form = self._lo, self._hi, self._form

        @jax.custom_vjp
        def clip(x):
            return jnp.clip(x, lo, hi)

        def fwd(x):
            return clip(x), (lo <= x) & (x <= hi)

        def bwd(inside, g):
            gx = jnp.where(inside, g, 0.1 * g)
            return gx if form == "bare" else (gx,)

        clip.defvjp(fwd, bwd)
        return clip


def objective(x, clip):
    return jnp.sum((clip(x) - 0.3) ** 2)


if __name__ == "__main__":
    clip = ClipBuilder().bounds(-0.5, 0.5).cotangent_form("tuple").build()
    x = jnp.array([-1.0, 0.2, 0.9])
    for _ in range(2):
        x = x - 0.5 * jax.grad(objective)(x, clip)
    print(x)
