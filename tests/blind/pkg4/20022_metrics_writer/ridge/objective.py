import jax.numpy as jnp


def ridge_loss(w, X, y, lam=0.1):
    r = X @ w - y
    return jnp.mean(r**2) + lam * jnp.sum(w**2)
