"""A custom_jvp rule that sends its tangent through io_callback (to log it): under grad the
tangent map is transposed, and JAX raises the io_callback transpose error."""

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


def _log_tangent(t):
    return np.asarray(t, dtype=np.float32)


@jax.custom_jvp
def clipped(x):
    return jnp.clip(x, -1.0, 1.0)


@clipped.defjvp
def _clipped_jvp(primals, tangents):
    (x,), (tx,) = primals, tangents
    spec = jax.ShapeDtypeStruct(tx.shape, tx.dtype)
    logged = io_callback(_log_tangent, spec, tx)  # EXPECT: JAX003
    return clipped(x), jnp.where(jnp.abs(x) < 1.0, logged, 0.0)


print(jax.grad(lambda x: clipped(x) ** 2)(0.5))
