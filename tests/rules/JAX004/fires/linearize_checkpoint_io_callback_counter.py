"""linearize of a checkpointed residual that bumps a host counter with io_callback: linearize partial-evaluates the checkpoint."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

CALLS = [0]


def _count(_):
    CALLS[0] += 1
    return np.int32(CALLS[0])


@jax.checkpoint
def residual(u):
    io_callback(_count, jax.ShapeDtypeStruct((), jnp.int32), jnp.int32(0))  # EXPECT: JAX004
    return jnp.tanh(u) - 0.5 * u


r, jvp_fn = jax.linearize(residual, jnp.ones(4))
print(r, jvp_fn(jnp.ones(4)))
