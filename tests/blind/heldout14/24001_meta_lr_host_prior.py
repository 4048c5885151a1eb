"""Meta-learning the inner learning rate of SGD with optax.inject_hyperparams.

The inner objective carries a host-side log-prior on the weights (a scaled
Student-t evaluated with scipy), which we call through pure_callback.
"""
import functools

import jax
import jax.numpy as jnp
import numpy as np
import optax
from scipy import stats


def _student_t_logpdf(w):
    return np.asarray(stats.t.logpdf(w, df=4.0).sum(), dtype=np.float32)


def host_log_prior(w):
    out = jax.ShapeDtypeStruct((), jnp.float32)
    return jax.pure_callback(_student_t_logpdf, out, w)


def inner_loss(params, batch):
    x, y = batch
    pred = x @ params["w"] + params["b"]
    nll = jnp.mean((pred - y) ** 2)
    return nll - 1e-3 * host_log_prior(params["w"])


def unrolled_inner(meta_lr, params, batches):
    opt = optax.inject_hyperparams(optax.sgd)(learning_rate=meta_lr)
    state = opt.init(params)

    def step(carry, batch):
        p, s = carry
        g = jax.grad(inner_loss)(p, batch)
        upd, s = opt.update(g, s, p)
        return (optax.apply_updates(p, upd), s), None

    (params, state), _ = jax.lax.scan(step, (params, state), batches)
    return params


def meta_objective(meta_lr, params, train_batches, val_batch):
    adapted = unrolled_inner(meta_lr, params, train_batches)
    x, y = val_batch
    return jnp.mean((x @ adapted["w"] + adapted["b"] - y) ** 2)


if __name__ == "__main__":
    key = jax.random.PRNGKey(0)
    k1, k2, k3 = jax.random.split(key, 3)
    params = {"w": jax.random.normal(k1, (3,)) * 0.1, "b": jnp.zeros(())}
    xs = jax.random.normal(k2, (4, 8, 3))
    ys = xs @ jnp.array([1.0, -2.0, 0.5])
    xv = jax.random.normal(k3, (8, 3))
    yv = xv @ jnp.array([1.0, -2.0, 0.5])
    meta_grad = jax.jit(jax.grad(meta_objective))
    lr = jnp.float32(0.05)
    for it in range(3):
        g = meta_grad(lr, params, (xs, ys), (xv, yv))
        lr = lr - 0.01 * g
        print(it, float(lr))
