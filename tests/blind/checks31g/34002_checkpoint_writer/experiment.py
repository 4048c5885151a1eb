import jax
import jax.numpy as jnp

import persistence as ps
from data import make_regression

LR = 0.1
STEPS = 4


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def run_seed(key):
    kx, kw = jax.random.split(key)
    x, y = make_regression(kx)
    w = jax.random.normal(kw, (x.shape[1],)) * 0.1
    for step in range(STEPS):
        w = w - LR * jax.grad(loss)(w, x, y)
        ps.save_snapshot(step, w)
    return w
