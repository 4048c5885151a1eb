"""Gradient-clipping identity whose rule set is kept in a NamedTuple spec.

Specs are immutable; `_replace` returns a modified copy.
"""
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp


class RuleSpec(NamedTuple):
    name: str
    fwd: Callable
    bwd: Callable
    bound: float = 1.0


def _clip_fwd(x, bound):
    return x, bound


def _clip_bwd_array(bound, g):
    return jnp.clip(g, -bound, bound)


def _clip_bwd_tuple(bound, g):
    return (jnp.clip(g, -bound, bound),)


def realize(spec):
    @jax.custom_vjp
    def clipped(x):
        return x

    clipped.defvjp(lambda x: _clip_fwd(x, spec.bound), spec.bwd)
    clipped.__name__ = spec.name
    return clipped


draft = RuleSpec("clip_grad", _clip_fwd, _clip_bwd_array, bound=0.5)
final = draft._replace(bwd=_clip_bwd_tuple)
print("spec variants:", draft.bwd.__name__, final.bwd.__name__)

clip_grad = realize(final)


def model(w, x):
    h = jnp.tanh(w * x)
    return jnp.sum(clip_grad(h) * 3.0)


def train(w, x, lr=0.1, steps=3):
    for _ in range(steps):
        w = w - lr * jax.grad(model)(w, x)
    return w


if __name__ == "__main__":
    w0 = jnp.array([0.5, -0.4, 1.0])
    x = jnp.array([1.0, 2.0, 0.5])
    print(train(w0, x))
