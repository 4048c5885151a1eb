"""Negative log-likelihood of a gamma model with a guarded log-gamma.

For moderate shapes the Stirling series is accurate enough; for small shapes
the code falls back to SciPy's implementation.
"""
from dataclasses import dataclass

import numpy as np
import scipy.special as sp
import jax
import jax.numpy as jnp


@dataclass
class GammaPrior:
    shape_floor: float = 1e-3
    stirling_threshold: float = 8.0


PRIOR = GammaPrior()


def _scipy_gammaln(a):
    return np.asarray(sp.gammaln(np.asarray(a)), dtype=np.float32)


def stirling_gammaln(a):
    inv = 1.0 / a
    return ((a - 0.5) * jnp.log(a) - a + 0.5 * jnp.log(2 * jnp.pi)
            + inv / 12.0 - inv ** 3 / 360.0)


def exact_gammaln(a):
    return jax.pure_callback(_scipy_gammaln, jax.ShapeDtypeStruct(a.shape, a.dtype), a,
                             vmap_method="sequential")


def gammaln(a):
    big = jnp.all(a > PRIOR.stirling_threshold)
    return jax.lax.cond(big, stirling_gammaln, exact_gammaln, a)


class GammaModel:
    def __init__(self, log_shape, log_rate):
        self.log_shape = log_shape
        self.log_rate = log_rate

    @staticmethod
    def nll(log_shape, log_rate, data):
        a = jnp.exp(log_shape) + PRIOR.shape_floor
        b = jnp.exp(log_rate)
        ll = a * jnp.log(b) - gammaln(a) + (a - 1) * jnp.log(data) - b * data
        return -jnp.sum(ll)

    def __call__(self, data):
        return self.nll(self.log_shape, self.log_rate, data)

    def fit(self, data, steps=25, lr=0.01):
        vg = jax.jit(jax.value_and_grad(self.nll, argnums=(0, 1)))
        s, r = self.log_shape, self.log_rate
        for i in range(steps):
            val, (gs, gr) = vg(s, r, data)
            s, r = s - lr * gs, r - lr * gr
        self.log_shape, self.log_rate = s, r
        return float(val)


def draw(n=40, shape=12.0, rate=2.0, seed=0):
    rng = np.random.default_rng(seed)
    return jnp.asarray(rng.gamma(shape, 1.0 / rate, size=n).astype(np.float32))


if __name__ == "__main__":
    data = draw()
    model = GammaModel(jnp.log(jnp.float32(10.0)), jnp.log(jnp.float32(1.5)))
    print("initial nll", float(model(data)))
    print("check small shape", float(gammaln(jnp.array([0.5]))[0]))
    final = model.fit(data)
    print("fitted nll", final)
    print("shape", float(jnp.exp(model.log_shape)), "rate", float(jnp.exp(model.log_rate)))
