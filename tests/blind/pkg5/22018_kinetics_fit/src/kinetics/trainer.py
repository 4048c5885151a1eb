import jax
import jax.numpy as jnp

from kinetics.solvers.explicit import integrate
from kinetics.io.sink import log_path


def _objective(rate, ts, ys):
    path = integrate(rate, ts)
    return jnp.mean((path - ys) ** 2), path


@jax.jit
def _step(rate, ts, ys):
    (val, path), g = jax.value_and_grad(_objective, has_aux=True)(rate, ts, ys)
    log_path(path)
    return rate - 0.5 * g, val


def train(rate, ts, ys, n_steps=5):
    for _ in range(n_steps):
        rate, _ = _step(rate, ts, ys)
    return rate
