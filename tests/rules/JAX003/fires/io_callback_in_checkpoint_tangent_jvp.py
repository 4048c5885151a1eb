"""io_callback on a traced, differentiated value inside jax.checkpoint under jax.jvp: the IO callback's JVP fails."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


snapshots = []


def _stash(v):
    snapshots.append(np.array(v))
    return np.asarray(v, np.float32)


@jax.checkpoint
def block(x):
    y = jnp.sin(x)
    y = io_callback(_stash, jax.ShapeDtypeStruct(y.shape, y.dtype), y)  # EXPECT: JAX003
    return y * 2.0


print(jax.jvp(block, (jnp.ones(2),), (jnp.ones(2),)))
