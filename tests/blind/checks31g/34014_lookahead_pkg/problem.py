import jax.numpy as jnp


def inner_grad(theta, w):
    """Gradient of 0.5 * ||w - theta||^2 + 0.05 * ||w||^2 with respect to w."""
    return (w - theta) + 0.1 * w


def outer_loss(w, target):
    return jnp.sum((w - target) ** 2)
