import jax.numpy as jnp
from numerics import newton_solve


def _kepler_residual(E, p):
    M, e = p
    return E - e * jnp.sin(E) - M


def eccentric_anomaly(M, e):
    return newton_solve(_kepler_residual, M, (M, e))


def true_anomaly(M, e):
    E = eccentric_anomaly(M, e)
    return 2 * jnp.arctan2(jnp.sqrt(1 + e) * jnp.sin(E / 2), jnp.sqrt(1 - e) * jnp.cos(E / 2))
