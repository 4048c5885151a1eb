import jax.numpy as jnp

from ...monitor import report_sign_changes


def laplacian(v):
    report_sign_changes(v)
    return jnp.roll(v, 1) - 2.0 * v + jnp.roll(v, -1)
