import jax

from .logger import log_point
from .objective import rosenbrock


def _score(a, b):
    v = rosenbrock(a, b)
    log_point(a, b, v)
    return v


def evaluate_grid(a_values, b_values):
    over_b = jax.vmap(_score, in_axes=(None, 0))
    over_ab = jax.vmap(over_b, in_axes=(0, None))
    return over_ab(a_values, b_values)
