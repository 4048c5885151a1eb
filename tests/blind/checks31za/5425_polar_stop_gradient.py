"""Polar feature extractor with a custom JVP rule, partially frozen.

The encoder's input is detached from the graph so only the head trains.
"""
import jax
import jax.numpy as jnp


@jax.custom_jvp
def polar(p):
    r = jnp.sqrt(p[0] ** 2 + p[1] ** 2)
    th = jnp.arctan2(p[1], p[0])
    return r, th


@polar.defjvp
def _polar_jvp(primals, tangents):
    (p,), (tp,) = primals, tangents
    r, th = polar(p)
    dr = (p[0] * tp[0] + p[1] * tp[1]) / r
    dth = (p[0] * tp[1] - p[1] * tp[0]) / r ** 2
    return (r, th), jnp.stack([dr, dth])


def encoder(p):
    r, th = polar(p)
    return jnp.stack([r, jnp.cos(th), jnp.sin(th)])


def head(w, feats):
    return jnp.dot(w, feats)


def loss(params, p, target):
    feats = encoder(params["pt"] + p)
    feats = jax.lax.stop_gradient(feats)
    return (head(params["w"], feats) - target) ** 2


def sgd(params, p, target, lr=0.1, steps=2):
    for _ in range(steps):
        g = jax.grad(loss)(params, p, target)
        params = jax.tree_util.tree_map(lambda a, b: a - lr * b, params, g)
    return params


if __name__ == "__main__":
    params = {"w": jnp.array([0.3, -0.2, 0.5]), "pt": jnp.array([0.1, 0.1])}
    p = jnp.array([1.0, 2.0])
    g = jax.grad(loss)(params, p, 1.0)
    print({k: v.round(4) for k, v in g.items()})
    params = sgd(params, p, 1.0)
    print("trained head", params["w"].round(4))
