"""Affine layer with a hand-written backward pass configured by a slotted dataclass."""
from dataclasses import dataclass, field

import numpy as np
import jax
import jax.numpy as jnp


@dataclass(kw_only=True, slots=True)
class AffineSpec:
    learn_bias: bool = True
    clip: float = 5.0
    n_cotangents: int = field(init=False)

    def __post_init__(self):
        self.n_cotangents = 2 if self.learn_bias else 1

    def build(self):
        spec = self

        @jax.custom_vjp
        def affine(w, b, x):
            return x @ w + b

        def fwd(w, b, x):
            return affine(w, b, x), (w, x)

        def bwd(res, g):
            w, x = res
            gw = jnp.clip(jnp.outer(x, g), -spec.clip, spec.clip)
            grads = (gw, g if spec.learn_bias else jnp.zeros_like(g), g @ w.T)
            return grads[: spec.n_cotangents] + grads[spec.n_cotangents:]

        affine.defvjp(fwd, bwd)
        return affine


def loss(w, b, x, layer):
    return jnp.sum(jnp.tanh(layer(w, b, x)) ** 2)


def describe(arr):
    arr = np.asarray(arr)
    return {
        "shape": tuple(arr.shape),
        "min": float(arr.min()) if arr.size else None,
        "max": float(arr.max()) if arr.size else None,
        "mean": float(arr.mean()) if arr.size else None,
    }


if __name__ == "__main__":
    layer = AffineSpec(learn_bias=False, clip=1.0).build()
    w = jnp.eye(2) * 0.5
    b = jnp.zeros(2)
    x = jnp.array([1.0, -2.0])
    gw = jax.grad(loss)(w, b, x, layer)
    print(gw)
