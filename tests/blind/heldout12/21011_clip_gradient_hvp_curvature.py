# Models: the JAX-docs clip_gradient custom_vjp idiom used inside an MLP, plus a Hessian-vector-product curvature probe (jvp of grad) for learning-rate tuning.
from functools import partial

import jax
import jax.numpy as jnp
import optax


@partial(jax.custom_vjp, nondiff_argnums=(0, 1))
def clip_gradient(lo, hi, x):
    return x


def clip_gradient_fwd(lo, hi, x):
    return clip_gradient(lo, hi, x), None


def clip_gradient_bwd(lo, hi, _, g):
    return (jnp.clip(g, lo, hi),)


clip_gradient.defvjp(clip_gradient_fwd, clip_gradient_bwd)


def init(key, d_in=3, d_h=10):
    k1, k2 = jax.random.split(key)
    return {"l1": jax.random.normal(k1, (d_in, d_h)) * 0.3,
            "l2": jax.random.normal(k2, (d_h,)) * 0.3}


def mlp(params, x):
    h = jnp.tanh(x @ params["l1"])
    h = clip_gradient(-0.5, 0.5, h)
    return h @ params["l2"]


def loss(params, x, y):
    return jnp.mean((mlp(params, x) - y) ** 2)


def hvp(f, primals, tangents):
    return jax.jvp(jax.grad(f), primals, tangents)[1]


def top_curvature(params, x, y, iters=5):
    f = lambda p: loss(p, x, y)
    v = jax.tree_util.tree_map(jnp.ones_like, params)
    for _ in range(iters):
        hv = hvp(f, (params,), (v,))
        norm = optax.global_norm(hv)
        v = jax.tree_util.tree_map(lambda t: t / norm, hv)
    return norm


if __name__ == "__main__":
    key = jax.random.PRNGKey(2)
    kp, kx = jax.random.split(key)
    params = init(kp)
    x = jax.random.normal(kx, (24, 3))
    y = jnp.sin(x.sum(axis=1))

    opt = optax.sgd(0.1)
    state = opt.init(params)
    for i in range(5):
        l, g = jax.value_and_grad(loss)(params, x, y)
        upd, state = opt.update(g, state)
        params = optax.apply_updates(params, upd)
    print("loss after warmup", float(l))

    lam = top_curvature(params, x, y)
    print("largest curvature", float(lam), "suggested lr", float(1.0 / lam))
