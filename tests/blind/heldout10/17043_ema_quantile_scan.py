"""Robust sequence regression: the loss at each step is clipped at a running
quantile of past residuals, estimated on the host with numpy."""
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import jax
import jax.numpy as jnp


@dataclass(frozen=True)
class RobustConfig:
    decay: float = 0.9
    quantile: float = 0.8
    lr: float = 0.05


CFG = RobustConfig()


def _host_quantile(history):
    return np.float32(np.quantile(np.asarray(history), CFG.quantile))


def running_quantile(history):
    return jax.pure_callback(_host_quantile, jax.ShapeDtypeStruct((), jnp.float32), history,
                             vmap_method="sequential")


class Carry(NamedTuple):
    smoothed: jnp.ndarray
    window: jnp.ndarray


def linear_model(w, x):
    return x @ w


def sequence_loss(w, xs, ys):
    def step(carry: Carry, xy):
        x, y = xy
        r = jnp.abs(linear_model(w, x) - y)
        thresh = running_quantile(carry.window) + 1e-3
        clipped = jnp.minimum(r, thresh)
        smoothed = CFG.decay * carry.smoothed + (1 - CFG.decay) * r
        window = jnp.roll(carry.window, 1).at[0].set(smoothed)
        return Carry(smoothed, window), clipped ** 2
    init = Carry(jnp.float32(1.0), jnp.ones(8, jnp.float32))
    _, losses = jax.lax.scan(step, init, (xs, ys))
    return jnp.mean(losses)


def make_stream(n=40, d=3, seed=0):
    rng = np.random.default_rng(seed)
    xs = rng.normal(size=(n, d)).astype(np.float32)
    w = np.array([0.5, -1.0, 2.0], np.float32)
    ys = xs @ w + 0.1 * rng.standard_t(2, size=n).astype(np.float32)
    return jnp.asarray(xs), jnp.asarray(ys)


class Trainer:
    def __init__(self, cfg: RobustConfig):
        self.cfg = cfg
        self.step = jax.jit(self._step)

    def _step(self, w, xs, ys):
        val, g = jax.value_and_grad(sequence_loss)(w, xs, ys)
        return w - self.cfg.lr * g, val

    def fit(self, w, xs, ys, epochs=5):
        for e in range(epochs):
            w, val = self.step(w, xs, ys)
            print(f"epoch {e} loss {float(val):.4f}")
        return w


if __name__ == "__main__":
    xs, ys = make_stream()
    print("eval loss", float(sequence_loss(jnp.zeros(3), xs, ys)))
    w = Trainer(CFG).fit(jnp.zeros(3), xs, ys)
    print("weights", np.asarray(w).round(3))
