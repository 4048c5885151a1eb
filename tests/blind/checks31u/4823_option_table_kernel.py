"""Scaled bilinear form with a static scale, options read from a table.

The custom_vjp options are assembled from (key, value) pairs so that the
same kernel can be built with or without a static scale argument.
"""
import jax
import jax.numpy as jnp
import numpy as np

VJP_OPTION_KEYS = ("nondiff_argnums",)
VJP_OPTION_VALUES = ((2,),)


def scaled_dot(x, y, scale):
    return scale * jnp.dot(x, y)


def _scaled_dot_fwd(x, y, scale):
    return scale * jnp.dot(x, y), (x, y, scale)


def _scaled_dot_bwd(*args):
    (x, y, scale), g = args[-2:]
    return (g * scale * y, g * scale * x, g * jnp.dot(x, y))


def build_kernel(keys, values):
    opts = dict(zip(keys, values))
    kernel = jax.custom_vjp(scaled_dot, **opts)
    kernel.defvjp(_scaled_dot_fwd, _scaled_dot_bwd)
    return kernel


kernel = build_kernel(VJP_OPTION_KEYS, VJP_OPTION_VALUES)


def similarity_loss(x, y, target, scale=0.5):
    return (kernel(x, y, scale) - target) ** 2


def fit(x, y, target, steps=3, lr=0.1):
    for _ in range(steps):
        gx = jax.grad(similarity_loss)(x, y, target)
        x = x - lr * gx
    return x


if __name__ == "__main__":
    rng = np.random.default_rng(4)
    x = jnp.asarray(rng.normal(size=3), jnp.float32)
    y = jnp.asarray(rng.normal(size=3), jnp.float32)
    x_new = fit(x, y, jnp.float32(1.0))
    print("before", float(similarity_loss(x, y, 1.0)), "after", float(similarity_loss(x_new, y, 1.0)))
