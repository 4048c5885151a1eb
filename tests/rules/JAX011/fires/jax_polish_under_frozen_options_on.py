"""The host's JAX polish step sits behind a field of a frozen options record whose construction
sets it True: the jitted step runs on the host."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np


@dataclass(frozen=True, kw_only=True)
class Options:
    clip: bool = True
    polish_on_device: bool = False


OPTIONS = Options(clip=True, polish_on_device=True)


@jax.jit
def polish(y):
    return y - 0.5 * jnp.sin(y)


def host_step(x):
    y = np.asarray(x) * 2.0
    if OPTIONS.clip:
        y = np.clip(y, -1.0, 1.0)
    if OPTIONS.polish_on_device:
        y = np.asarray(polish(y))  # EXPECT: JAX011
    return y.astype(np.float32)


def f(x):
    return jax.pure_callback(host_step, jax.ShapeDtypeStruct(x.shape, jnp.float32), x)


print(jax.jit(f)(jnp.array([0.1, 0.7, 2.0])))
