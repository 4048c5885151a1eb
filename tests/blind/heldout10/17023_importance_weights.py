"""Importance-weighted regression where sample weights come from a density
ratio estimated by scikit-style code on the host (here: a KDE in numpy)."""
import functools
import logging
from dataclasses import dataclass

import numpy as np
import jax
import jax.numpy as jnp

log = logging.getLogger("iw")


@dataclass
class KDE:
    bandwidth: float = 0.4

    def density(self, points, query):
        p = np.asarray(points)
        q = np.asarray(query)
        d2 = (q[:, None] - p[None, :]) ** 2
        return np.exp(-d2 / (2 * self.bandwidth ** 2)).mean(-1) / (self.bandwidth * np.sqrt(2 * np.pi))


SOURCE = np.random.default_rng(0).normal(0.0, 1.0, 200).astype(np.float32)
TARGET = np.random.default_rng(1).normal(0.8, 0.7, 200).astype(np.float32)
KDE_EST = KDE()


def _density_ratio(x):
    num = KDE_EST.density(TARGET, x)
    den = KDE_EST.density(SOURCE, x) + 1e-6
    return (num / den).astype(np.float32)


def importance(x):
    return jax.pure_callback(_density_ratio, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             vmap_method="sequential")


def polynomial(theta, x):
    powers = jnp.stack([x ** k for k in range(theta.shape[0])], -1)
    return powers @ theta


def weighted_loss(theta, x, y):
    w = importance(x)
    w = w / jnp.mean(w)
    return jnp.mean(w * (polynomial(theta, x) - y) ** 2)


def timed(fn):
    @functools.wraps(fn)
    def inner(*a, **k):
        log.debug("calling %s", fn.__name__)
        return fn(*a, **k)
    return inner


@timed
def fit(x, y, degree=3, steps=30, lr=0.05):
    theta = jnp.zeros(degree + 1)
    grad_fn = jax.jit(jax.grad(weighted_loss, argnums=0))
    for _ in range(steps):
        theta = theta - lr * grad_fn(theta, x, y)
    return theta


def effective_sample_size(x):
    w = importance(x)
    return float(jnp.sum(w) ** 2 / jnp.sum(w ** 2))


def curvature(theta, x, y):
    return jax.hessian(weighted_loss)(theta, x, y)


if __name__ == "__main__":
    x = jnp.asarray(SOURCE[:50])
    y = jnp.sin(x) + 0.1 * x ** 2
    theta = fit(x, y)
    print("theta", np.asarray(theta).round(3))
    print("ESS", effective_sample_size(x))
    H = curvature(theta, x, y)
    print("hessian diag", np.asarray(jnp.diag(H)).round(3))
