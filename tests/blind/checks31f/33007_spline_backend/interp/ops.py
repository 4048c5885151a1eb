import jax
import jax.numpy as jnp

from .hosts import interpolate_table


def tabulate(params, n=8):
    t = jnp.linspace(0.0, 1.0, n)
    return params[0] + params[1] * t + params[2] * t**2


def evaluate(query, table):
    out = jax.ShapeDtypeStruct(query.shape, jnp.float32)
    return jax.pure_callback(interpolate_table, out, query, table,
                             vmap_method="sequential")
