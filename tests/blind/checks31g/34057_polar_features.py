# shape from: jax-ml/jax docs/notebooks/Custom_derivative_rules_for_Python_code.md ("Working with pytree containers": Point namedtuple in, dict out)
"""Polar features of 2-D points with a hand-written JVP, used inside a least-squares fit."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import custom_jvp


class Point(NamedTuple):
    x: jax.Array
    y: jax.Array


@custom_jvp
def polar_features(pt: Point) -> dict:
    r2 = pt.x**2 + pt.y**2
    return {"r2": r2, "trig": (jnp.sin(pt.x), jnp.cos(pt.y))}


@polar_features.defjvp
def polar_features_jvp(primals, tangents):
    (pt,), (pt_dot,) = primals, tangents
    ans = polar_features(pt)
    ans_dot = {
        "r2": 2 * pt.x * pt_dot.x + 2 * pt.y * pt_dot.y,
        "trig": [jnp.cos(pt.x) * pt_dot.x, -jnp.sin(pt.y) * pt_dot.y],
    }
    return ans, ans_dot


def model(theta: jax.Array, pt: Point) -> jax.Array:
    feats = polar_features(pt)
    s, c = feats["trig"]
    return theta[0] * feats["r2"] + theta[1] * s + theta[2] * c


def fit_loss(theta, shift, pts: Point, y):
    moved = Point(pts.x + shift, pts.y)
    return jnp.mean((model(theta, moved) - y) ** 2)


if __name__ == "__main__":
    pts = Point(jnp.linspace(-1.0, 1.0, 8), jnp.linspace(0.0, 2.0, 8))
    y = 0.5 * (pts.x**2 + pts.y**2) + jnp.sin(pts.x)
    theta = jnp.zeros(3)
    print("features", jax.tree.map(jnp.shape, polar_features(pts)))
    g_theta, g_shift = jax.grad(fit_loss, argnums=(0, 1))(theta, 0.0, pts, y)
    print(g_theta, g_shift)
