import jax
import jax.numpy as jnp

from .host import eccentric_anomaly


def true_anomaly(M, e):
    E = jax.pure_callback(eccentric_anomaly, jax.ShapeDtypeStruct(M.shape, jnp.float32), M, e)
    return 2.0 * jnp.arctan2(jnp.sqrt(1 + e) * jnp.sin(E / 2), jnp.sqrt(1 - e) * jnp.cos(E / 2))
