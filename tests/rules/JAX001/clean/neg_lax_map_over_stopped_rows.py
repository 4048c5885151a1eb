"""lax.map sends stopped rows to the host to get per-row weights; grad flows through the JAX part."""
import jax
import jax.lax as lax
import jax.numpy as jnp
import numpy as np


def host_row_weight(row):
    return np.asarray(1.0 / (1.0 + np.var(np.asarray(row))), dtype=np.float32)


def row_weight(row):
    return jax.pure_callback(host_row_weight, jax.ShapeDtypeStruct((), row.dtype), row)


def weighted_loss(m):
    w = lax.map(row_weight, lax.stop_gradient(m))
    return jnp.sum(w * jnp.sum(m ** 2, axis=1))


print(jax.grad(weighted_loss)(jnp.array([[1.0, 2.0], [0.5, 0.5]])))
