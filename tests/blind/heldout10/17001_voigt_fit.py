"""Fit a Voigt-like line profile to a synthetic spectrum.

The scaled complementary error function comes from SciPy; everything else is
plain JAX.  Parameters live in a small flax.struct dataclass.
"""
import functools
import logging
from dataclasses import dataclass

import numpy as np
import scipy.special as sps
import jax
import jax.numpy as jnp
from flax import struct

logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
log = logging.getLogger("voigt")


@dataclass(frozen=True)
class FitConfig:
    n_points: int = 64
    n_steps: int = 5
    learning_rate: float = 1e-2
    noise: float = 0.01
    seed: int = 3


@struct.dataclass
class LineParams:
    center: jnp.ndarray
    width: jnp.ndarray
    amplitude: jnp.ndarray


def _host_erfcx(z):
    return np.asarray(sps.erfcx(np.asarray(z)), dtype=np.float32)


def erfcx(z):
    spec = jax.ShapeDtypeStruct(jnp.shape(z), jnp.float32)
    return jax.pure_callback(_host_erfcx, spec, z, vmap_method="sequential")


class VoigtProfile:
    def __init__(self, gamma=0.3):
        self.gamma = gamma

    @property
    def lorentz_fraction(self):
        return self.gamma / (1.0 + self.gamma)

    def core(self, u):
        return erfcx(jnp.abs(u) + self.gamma)

    def __call__(self, params: LineParams, grid):
        u = (grid - params.center) / params.width
        gauss = jnp.exp(-0.5 * u ** 2)
        mix = (1.0 - self.lorentz_fraction) * gauss + self.lorentz_fraction * self.core(u)
        return params.amplitude * mix


def make_synthetic(cfg: FitConfig):
    rng = np.random.default_rng(cfg.seed)
    grid = np.linspace(-3.0, 3.0, cfg.n_points).astype(np.float32)
    truth = np.exp(-0.5 * ((grid - 0.4) / 0.8) ** 2).astype(np.float32)
    noisy = truth + cfg.noise * rng.standard_normal(cfg.n_points).astype(np.float32)
    return jnp.asarray(grid), jnp.asarray(noisy)


def make_loss(model_fn):
    def loss(params, grid, target):
        pred = model_fn(params, grid)
        resid = pred - target
        return jnp.mean(resid ** 2)
    return loss


def logged(name):
    def deco(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            out = fn(*args, **kwargs)
            log.info("%s finished", name)
            return out
        return wrapper
    return deco


def with_value_and_grad(fn):
    return jax.jit(jax.value_and_grad(fn))


def sgd_update(params, grads, lr):
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


def summarize(history):
    arr = np.asarray(history)
    return {"first": float(arr[0]), "last": float(arr[-1]), "min": float(arr.min())}


@logged("fit")
def fit(cfg: FitConfig):
    grid, target = make_synthetic(cfg)
    profile = VoigtProfile(gamma=0.25)
    step = with_value_and_grad(make_loss(profile))
    params = LineParams(center=jnp.float32(0.0), width=jnp.float32(1.0),
                        amplitude=jnp.float32(0.9))
    history = []
    for i in range(cfg.n_steps):
        value, grads = step(params, grid, target)
        params = sgd_update(params, grads, cfg.learning_rate)
        history.append(value)
        log.info("step %d loss %.5f", i, float(value))
    return params, summarize(history)


if __name__ == "__main__":
    cfg = FitConfig()
    params, stats = fit(cfg)
    print("center", float(params.center), "width", float(params.width))
    print(stats)
