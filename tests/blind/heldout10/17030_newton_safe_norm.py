"""Damped Newton fitting of a radial basis model whose distance computation uses
a numerically safe norm with a hand-written backward pass."""
import math
from typing import NamedTuple

import numpy as np
import jax
import jax.numpy as jnp
import equinox as eqx


@jax.custom_vjp
def safe_norm(v):
    return jnp.sqrt(jnp.sum(v ** 2) + 1e-12)


def _safe_norm_fwd(v):
    n = safe_norm(v)
    return n, (v, n)


def _safe_norm_bwd(res, g):
    v, n = res
    return (g * v / n,)


safe_norm.defvjp(_safe_norm_fwd, _safe_norm_bwd)


class RBFModel(eqx.Module):
    centers: jnp.ndarray
    log_scale: jnp.ndarray
    weights: jnp.ndarray

    def basis(self, x):
        d = jax.vmap(lambda c: safe_norm(x - c))(self.centers)
        return jnp.exp(-(d / jnp.exp(self.log_scale)) ** 2)

    def __call__(self, x):
        return self.basis(x) @ self.weights


class Problem(NamedTuple):
    xs: jnp.ndarray
    ys: jnp.ndarray


def loss_on_weights(weights, model, prob: Problem):
    m = eqx.tree_at(lambda mm: mm.weights, model, weights)
    pred = jax.vmap(m)(prob.xs)
    return 0.5 * jnp.mean((pred - prob.ys) ** 2) + 1e-3 * jnp.sum(weights ** 2)


def newton(model, prob, iters=3, damping=1e-3):
    w = model.weights
    g_fn = jax.grad(loss_on_weights)
    h_fn = jax.hessian(loss_on_weights)
    for k in range(iters):
        g = g_fn(w, model, prob)
        H = h_fn(w, model, prob) + damping * jnp.eye(w.shape[0])
        w = w - jnp.linalg.solve(H, g)
        print(f"newton {k}: loss={float(loss_on_weights(w, model, prob)):.6f}")
    return eqx.tree_at(lambda mm: mm.weights, model, w)


def build(n_centers=5, dim=2, seed=0):
    rng = np.random.default_rng(seed)
    return RBFModel(centers=jnp.asarray(rng.uniform(-1, 1, (n_centers, dim)).astype(np.float32)),
                    log_scale=jnp.float32(math.log(0.7)),
                    weights=jnp.zeros(n_centers))


def problem(n=30, dim=2, seed=1):
    rng = np.random.default_rng(seed)
    xs = rng.uniform(-1, 1, (n, dim)).astype(np.float32)
    ys = np.cos(2 * xs[:, 0]) * xs[:, 1]
    return Problem(jnp.asarray(xs), jnp.asarray(ys.astype(np.float32)))


if __name__ == "__main__":
    model = build()
    prob = problem()
    g = jax.grad(loss_on_weights)(model.weights, model, prob)
    print("initial grad norm", float(jnp.linalg.norm(g)))
    model = newton(model, prob)
    print("weights", np.asarray(model.weights).round(3))
