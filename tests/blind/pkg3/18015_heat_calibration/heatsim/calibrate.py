import jax
import jax.numpy as jnp

from .config import CONFIG
from .solvers import explicit_heat


def misfit(log_kappa, u0, observed, cfg=CONFIG):
    u = explicit_heat(u0, jnp.exp(log_kappa), cfg.dt, cfg.t_end)
    return jnp.mean((u - observed) ** 2)


def calibrate(u0, observed, log_kappa=0.0, lr=50.0, iters=10):
    step = jax.value_and_grad(misfit)
    for _ in range(iters):
        loss, g = step(log_kappa, u0, observed)
        log_kappa = log_kappa - lr * g
    return log_kappa, loss
