import jax
import jax.numpy as jnp

from . import model


def calibrate(cfg, observed, loss, steps=3, lr=0.5):
    def objective(k, horizon):
        s = model.route(k, jnp.float32(0.0), cfg["inflow"], horizon, cfg["dt"])
        return loss(s, observed)

    grad_k = jax.jit(jax.grad(objective))
    k = jnp.float32(cfg["k0"])
    for _ in range(steps):
        k = k - lr * grad_k(k, cfg["horizon"])
    return k
