"""A value function evaluated on the product grid of its named state variables: one vmap per
name, each in_axes generated from the length of the list of names; the ordered host check
reads only the discount factor, a parameter left at its default that no vmap batches."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


def productmap(func, variables):
    names = list(variables)
    mapped = func
    for pos in reversed(range(len(names))):
        mapped = jax.vmap(mapped, in_axes=tuple(0 if i == pos else None for i in range(len(names))))
    return mapped


def _check_beta(beta):
    if not 0.0 < float(beta) < 1.0:
        raise ValueError(f"discount factor {beta} outside (0, 1)")
    return np.bool_(True)


def value(wealth, consumption, beta=0.95):
    io_callback(_check_beta, jax.ShapeDtypeStruct((), jnp.bool_), beta, ordered=True)
    return jnp.log(jnp.maximum(consumption, 1e-6)) + beta * jnp.sqrt(wealth)


grid = productmap(value, ["wealth", "consumption"])(jnp.linspace(1.0, 5.0, 4),
                                                    jnp.linspace(0.1, 1.0, 3))
print(grid.shape)
