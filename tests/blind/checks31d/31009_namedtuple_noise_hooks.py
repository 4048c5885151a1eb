"""Data augmentation hooks bundled in a NamedTuple; the noise hook runs on the host."""
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np


class Augment(NamedTuple):
    noise: Callable
    clip: Callable
    seed: int = 0


def _add_noise(batch, seed):
    batch = np.asarray(batch)
    key = jax.random.key(int(np.asarray(seed)))
    eps = jax.random.normal(key, batch.shape, dtype=batch.dtype)
    return batch + 0.01 * np.asarray(eps)


def _clip(batch):
    return np.clip(np.asarray(batch), -1.0, 1.0)


AUG = Augment(noise=_add_noise, clip=_clip, seed=3)


def augment(batch, step):
    spec = jax.ShapeDtypeStruct(batch.shape, batch.dtype)
    noisy = jax.pure_callback(AUG.noise, spec, batch, step)
    return jax.pure_callback(AUG.clip, spec, noisy)


@jax.jit
def loss(w, batch, step):
    xb = augment(batch, step)
    return jnp.mean((xb @ w) ** 2)


if __name__ == "__main__":
    w = jnp.ones((4,)) * 0.1
    print(jax.value_and_grad(loss)(w, jnp.ones((2, 4)) * 0.5, jnp.int32(7)))
