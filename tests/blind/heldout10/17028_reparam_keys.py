"""Variational inference for a 1-D Gaussian mean with the reparameterisation
trick, using new-style typed PRNG keys throughout."""
import functools
from typing import NamedTuple

import numpy as np
import jax
import jax.numpy as jnp


class Variational(NamedTuple):
    mu: jnp.ndarray
    log_sigma: jnp.ndarray


def log_prior(z):
    return -0.5 * z ** 2


def log_lik(z, data, noise=0.5):
    return jnp.sum(-0.5 * ((data - z) / noise) ** 2)


def sample_z(q: Variational, key, n):
    eps = jax.random.normal(key, (n,))
    return q.mu + jnp.exp(q.log_sigma) * eps


def elbo(q, key, data, n_samples=16):
    z = sample_z(q, key, n_samples)
    lp = jax.vmap(lambda zi: log_prior(zi) + log_lik(zi, data))(z)
    entropy = q.log_sigma + 0.5 * jnp.log(2 * jnp.pi * jnp.e)
    return jnp.mean(lp) + entropy


def with_negation(fn):
    @functools.wraps(fn)
    def neg(*args, **kwargs):
        return -fn(*args, **kwargs)
    return neg


neg_elbo = with_negation(elbo)


class Optimizer:
    def __init__(self, lr=0.05):
        self.lr = lr
        self._grad = jax.jit(jax.grad(neg_elbo, argnums=(0, 1)))

    def step(self, q, key, data):
        gq, _ = self._grad(q, key, data)
        return jax.tree_util.tree_map(lambda p, g: p - self.lr * g, q, gq)


def analytic_posterior(data, noise=0.5):
    prec = 1.0 + len(data) / noise ** 2
    return float(np.sum(data) / noise ** 2 / prec), float(np.sqrt(1 / prec))


def save_results(path, **arrays):
    import json
    import os
    payload = {k: np.asarray(v).tolist() for k, v in arrays.items()}
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w") as fh:
        json.dump(payload, fh, indent=2)
    return path


def relative_error(a, b, eps=1e-12):
    a, b = np.asarray(a, np.float64), np.asarray(b, np.float64)
    return float(np.linalg.norm(a - b) / (np.linalg.norm(b) + eps))


if __name__ == "__main__":
    rng = np.random.default_rng(0)
    data = jnp.asarray(rng.normal(1.3, 0.5, 20).astype(np.float32))
    q = Variational(mu=jnp.float32(0.0), log_sigma=jnp.float32(0.0))
    key = jax.random.key(0)
    print("initial elbo", float(elbo(q, key, data)))
    opt = Optimizer()
    for i in range(30):
        key, sub = jax.random.split(key)
        q = opt.step(q, sub, data)
    print("fitted", float(q.mu), float(jnp.exp(q.log_sigma)))
    print("exact", analytic_posterior(np.asarray(data)))
