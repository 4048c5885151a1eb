import jax
import jax.numpy as jnp

from .special import e1 as special_e1


def transmitted(tau):
    # second exponential integral via the recurrence E2(x) = exp(-x) - x E1(x)
    return jnp.exp(-tau) - tau * special_e1.exp1(tau)


def fit_optical_depth(measured, tau0, steps=10, lr=0.5):
    obj = lambda t: jnp.sum((transmitted(t) - measured) ** 2)
    tau = tau0
    for _ in range(steps):
        tau = tau - lr * jax.grad(obj)(tau)
    return tau
