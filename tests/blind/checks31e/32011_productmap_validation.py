# Re-expresses the io_callback validation inside a productmap (nested vmap) from OpenSourceEconomics/pylcm PR #316 review
"""Dynamic-programming Q-function evaluated on a state x action product grid, with a host-side
check that transition probabilities are valid; the check was made ordered as a reviewer asked."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


def productmap(func, variables):
    """Vectorise func over the Cartesian product of the named arguments (innermost last)."""
    mapped = func
    names = list(variables)
    for pos, name in reversed(list(enumerate(names))):
        in_axes = tuple(0 if i == pos else None for i in range(len(names)))
        mapped = jax.vmap(mapped, in_axes=in_axes)
    return mapped


def _check_probs(probs):
    p = np.asarray(probs)
    if not np.isclose(p.sum(), 1.0, atol=1e-5):
        raise ValueError(f"transition probabilities sum to {p.sum()}")
    return np.bool_(True)


def transition(wealth, consumption):
    stay = jax.nn.sigmoid(wealth - consumption)
    return jnp.stack([stay, 1.0 - stay])


def q_and_f(wealth, consumption, beta=0.95):
    probs = transition(wealth, consumption)
    io_callback(_check_probs, jax.ShapeDtypeStruct((), jnp.bool_), probs, ordered=True)
    utility = jnp.log(jnp.maximum(consumption, 1e-6))
    continuation = probs @ jnp.array([1.0, 0.5])
    return utility + beta * continuation


wealth_grid = jnp.linspace(1.0, 5.0, 4)
consumption_grid = jnp.linspace(0.1, 1.0, 3)
q_grid = productmap(q_and_f, ["wealth", "consumption"])(wealth_grid, consumption_grid)
print(q_grid.shape, jnp.argmax(q_grid, axis=1))
