"""Quantisation-aware regression with a straight-through estimator.

Curvature along a probe direction is estimated with forward-over-reverse
Hessian-vector products.
"""
import math
from typing import NamedTuple

import numpy as np
import jax
import jax.numpy as jnp


@jax.custom_vjp
def quantize(x):
    return jnp.round(x * 8.0) / 8.0


def _quantize_fwd(x):
    return jnp.round(x * 8.0) / 8.0, x


def _quantize_bwd(x, g):
    mask = (jnp.abs(x) <= 1.0).astype(g.dtype)
    return (g * mask,)


quantize.defvjp(_quantize_fwd, _quantize_bwd)


class Params(NamedTuple):
    w: jnp.ndarray
    b: jnp.ndarray


def init_params(key, d_in, d_out):
    kw, _ = jax.random.split(key)
    w = jax.random.normal(kw, (d_in, d_out)) / math.sqrt(d_in)
    return Params(w=w, b=jnp.zeros(d_out))


def predict(params: Params, x):
    wq = quantize(jnp.tanh(params.w))
    return x @ wq + params.b


def loss(params, x, y):
    r = predict(params, x) - y
    return 0.5 * jnp.mean(jnp.sum(r ** 2, axis=-1))


def hvp(f, primals, tangents):
    return jax.jvp(jax.grad(f), (primals,), (tangents,))[1]


def rayleigh_quotient(params, x, y, direction):
    f = lambda p: loss(p, x, y)
    hv = hvp(f, params, direction)
    num = sum(jnp.vdot(a, b) for a, b in zip(jax.tree_util.tree_leaves(direction),
                                             jax.tree_util.tree_leaves(hv)))
    den = sum(jnp.vdot(a, a) for a in jax.tree_util.tree_leaves(direction))
    return num / den


def random_direction(key, params):
    leaves, treedef = jax.tree_util.tree_flatten(params)
    keys = jax.random.split(key, len(leaves))
    new = [jax.random.normal(k, l.shape) for k, l in zip(keys, leaves)]
    return jax.tree_util.tree_unflatten(treedef, new)


def make_problem(n=20, d_in=4, d_out=2, seed=1):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, d_in)).astype(np.float32)
    true_w = rng.normal(size=(d_in, d_out)).astype(np.float32) * 0.3
    y = x @ true_w
    return jnp.asarray(x), jnp.asarray(y)


def train(params, x, y, steps=20, lr=0.1):
    g = jax.jit(jax.grad(loss))
    for _ in range(steps):
        params = jax.tree_util.tree_map(lambda p, d: p - lr * d, params, g(params, x, y))
    return params


if __name__ == "__main__":
    x, y = make_problem()
    params = init_params(jax.random.PRNGKey(0), 4, 2)
    print("initial loss", float(loss(params, x, y)))
    params = train(params, x, y)
    print("final loss", float(loss(params, x, y)))
    keys = jax.random.split(jax.random.PRNGKey(7), 3)
    for k in keys:
        d = random_direction(k, params)
        print("curvature", float(rayleigh_quotient(params, x, y, d)))
