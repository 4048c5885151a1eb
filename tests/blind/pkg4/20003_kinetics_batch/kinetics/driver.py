import jax
import jax.numpy as jnp

from .config import SETTINGS


def _pick_backend():
    from .solvers import REGISTRY
    return REGISTRY[SETTINGS["backend"]]


def sweep_initial_conditions(y0s, rates, t_end):
    integrate = _pick_backend()
    batched = jax.vmap(lambda y0: integrate(y0, rates, jnp.float32(t_end), SETTINGS["n_steps"]))
    return batched(y0s)
