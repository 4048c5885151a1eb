"""Learning-rate schedules chosen by name and an unrolled inner optimiser
(meta-learning the initial step size), differentiated end to end."""
from dataclasses import dataclass
from typing import Callable, Dict, List

import numpy as np
import jax
import jax.numpy as jnp

SCHEDULES: List[Callable] = []
SCHEDULE_IDS: Dict[str, int] = {}


def schedule(name):
    def deco(fn):
        SCHEDULE_IDS[name] = len(SCHEDULES)
        SCHEDULES.append(fn)
        return fn
    return deco


@schedule("constant")
def constant(lr0, t):
    return lr0 + 0.0 * t


@schedule("cosine")
def cosine(lr0, t):
    return lr0 * 0.5 * (1 + jnp.cos(jnp.pi * t / 10.0))


@schedule("inverse_sqrt")
def inverse_sqrt(lr0, t):
    return lr0 / jnp.sqrt(1.0 + t)


@dataclass(frozen=True)
class InnerConfig:
    steps: int = 10
    schedule: str = "cosine"


def quadratic(w, A, b):
    return 0.5 * w @ A @ w - b @ w


def unrolled(lr0, w0, A, b, cfg: InnerConfig):
    idx = SCHEDULE_IDS[cfg.schedule]

    def body(t, w):
        lr = jax.lax.switch(idx, SCHEDULES, lr0, t.astype(jnp.float32))
        return w - lr * jax.grad(quadratic)(w, A, b)

    w = jax.lax.fori_loop(0, cfg.steps, body, w0)
    return quadratic(w, A, b)


class MetaLearner:
    def __init__(self, cfg: InnerConfig, meta_lr=0.01):
        self.cfg = cfg
        self.meta_lr = meta_lr
        self._g = jax.jit(jax.value_and_grad(unrolled), static_argnums=4)

    def step(self, lr0, w0, A, b):
        val, g = self._g(lr0, w0, A, b, self.cfg)
        return jnp.clip(lr0 - self.meta_lr * g, 1e-3, 1.0), val


def problem(d=4, seed=0):
    rng = np.random.default_rng(seed)
    M = rng.normal(size=(d, d))
    A = M @ M.T / d + np.eye(d)
    return jnp.asarray(A, jnp.float32), jnp.asarray(rng.normal(size=d), jnp.float32)


if __name__ == "__main__":
    A, b = problem()
    w0 = jnp.zeros(4)
    for name in SCHEDULE_IDS:
        meta = MetaLearner(InnerConfig(schedule=name))
        lr0 = jnp.float32(0.1)
        for _ in range(5):
            lr0, val = meta.step(lr0, w0, A, b)
        print(f"{name:>13s}: lr0={float(lr0):.4f} final={float(val):.4f}")
