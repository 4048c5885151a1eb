import jax.numpy as jnp
from host_linalg import stiff_solve


def displacement(load_params):
    f = jnp.array([1.0, 0.0, -1.0]) * load_params[0] + load_params[1]
    return stiff_solve(f)
