import jax.numpy as jnp
from jax import lax

from ...config.options import SolverConfig


def _response(x, gain):
    return gain * jnp.tanh(x)


def invert_response(y, gain, cfg: SolverConfig):
    def body(_, x):
        r = _response(x, gain) - y
        d = gain * (1.0 - jnp.tanh(x) ** 2)
        return x - cfg.damping * r / d

    return lax.fori_loop(0, cfg.n_iter, body, jnp.zeros_like(y))
