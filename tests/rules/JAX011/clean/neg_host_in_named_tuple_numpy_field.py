"""Hooks bundled in a `typing.NamedTuple`; the field given to the callback is NumPy only."""
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np


class Hooks(NamedTuple):
    noise: Callable
    clip: Callable


def _noise(x):
    x = np.asarray(x)
    return x + np.asarray(jax.random.normal(jax.random.key(0), x.shape))


def _clip(x):
    return np.clip(np.asarray(x), -1.0, 1.0)


HOOKS = Hooks(_noise, _clip)


@jax.jit
def f(x):
    return jax.pure_callback(HOOKS.clip, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


print(f(jnp.zeros(3) + 2.0), HOOKS.noise(np.zeros(2)))
