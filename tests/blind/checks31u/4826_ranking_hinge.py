"""Smooth hinge for a margin-based ranking loss.

The first backward pass below was the prototype; the corrected version
(with a cotangent for the margin) follows it.
"""
import jax
import jax.numpy as jnp
import numpy as np


@jax.custom_vjp
def smooth_hinge(score, margin):
    z = margin - score
    return jnp.where(z > 1.0, z - 0.5, jnp.where(z > 0.0, 0.5 * z * z, 0.0))


def smooth_hinge_fwd(score, margin):
    z = margin - score
    return smooth_hinge(score, margin), z


def smooth_hinge_bwd(z, g):
    slope = jnp.clip(z, 0.0, 1.0)
    return (-g * slope,)


smooth_hinge.defvjp(smooth_hinge_fwd, smooth_hinge_bwd)


def smooth_hinge_bwd(z, g):
    slope = jnp.clip(z, 0.0, 1.0)
    return (-g * slope, jnp.sum(g * slope))


def ranking_loss(w, pos, neg, margin):
    s_pos = pos @ w
    s_neg = neg @ w
    return jnp.mean(smooth_hinge(s_pos - s_neg, margin))


def train(w, pos, neg, margin, steps=3, lr=0.1):
    for _ in range(steps):
        g = jax.grad(ranking_loss)(w, pos, neg, margin)
        w = w - lr * g
    return w


if __name__ == "__main__":
    rng = np.random.default_rng(1)
    pos = jnp.asarray(rng.normal(size=(4, 3)) + 0.5, jnp.float32)
    neg = jnp.asarray(rng.normal(size=(4, 3)), jnp.float32)
    w = train(jnp.zeros(3), pos, neg, jnp.float32(1.0))
    print("weights", np.asarray(w).round(4))
