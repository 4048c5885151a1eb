"""Gradient check of a clipped-gradient loss against central differences.

The number of random directions checked is set in CHECK below.
"""
import jax
import jax.numpy as jnp
import numpy as np


@jax.custom_vjp
def grad_clip(x, bound):
    return x


def _gc_fwd(x, bound):
    return x, bound


def _gc_bwd(bound, g):
    return jnp.clip(g, -bound, bound)


grad_clip.defvjp(_gc_fwd, _gc_bwd)


def loss(w):
    h = grad_clip(w, 10.0)
    return jnp.sum(jnp.sin(h) * h)


def central_difference(f, w, v, eps=1e-3):
    return (f(w + eps * v) - f(w - eps * v)) / (2 * eps)


CHECK = {"directions": 2, "rtol": 1e-2, "seed": 1}


def gradient_check(f, w):
    rng = np.random.default_rng(CHECK["seed"])
    worst = 0.0
    for _ in range(CHECK["directions"]):
        v = jnp.asarray(rng.normal(size=w.shape), dtype=w.dtype)
        ad = jnp.dot(jax.grad(f)(w), v)
        fd = central_difference(f, w, v)
        worst = max(worst, float(abs(ad - fd) / (abs(fd) + 1e-8)))
    return worst


if __name__ == "__main__":
    w = jnp.array([0.3, -0.7, 1.1])
    print("loss", float(loss(w)))
    err = gradient_check(loss, w)
    print("worst relative error", err, "ok" if err < CHECK["rtol"] else "FAIL")
