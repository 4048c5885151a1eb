"""A generic training loop receives the loss function as an argument and differentiates it."""
import jax
import jax.numpy as jnp
import numpy as np


def host_logistic(z):
    return (1.0 / (1.0 + np.exp(-np.asarray(z)))).astype(np.float32)


def logistic_loss(w, x):
    z = x @ w
    p = jax.pure_callback(host_logistic, jax.ShapeDtypeStruct(z.shape, z.dtype), z)  # EXPECT: JAX001
    return -jnp.mean(jnp.log(p))


def fit(loss_fn, w, x, steps=3, lr=0.1):
    grad_fn = jax.grad(loss_fn)
    for _ in range(steps):
        w = w - lr * grad_fn(w, x)
    return w


print(fit(logistic_loss, jnp.zeros(2), jnp.array([[1.0, 0.0], [0.0, 1.0]])))
