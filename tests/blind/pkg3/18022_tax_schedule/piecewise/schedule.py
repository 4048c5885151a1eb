import jax.numpy as jnp

from .host import bracket_rates, bracket_offsets, BRACKETS

_EDGES = jnp.asarray(BRACKETS[:, 0])


def which_bracket(income):
    return jnp.searchsorted(_EDGES, income, side="right") - 1


def marginal_tax(income):
    idx = which_bracket(income)
    lower = _EDGES[idx]
    return bracket_offsets(idx) + bracket_rates(idx) * (income - lower)


def effective_rate(income):
    return marginal_tax(income) / income
