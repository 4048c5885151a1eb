"""io_callback inside jax.checkpoint is fine when nothing differentiates it (plain jitted forward pass)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

buffer = []


def _append(v):
    buffer.append(np.asarray(v).copy())
    return np.int32(len(buffer))


@jax.checkpoint
def encoder(x):
    h = jnp.tanh(x)
    io_callback(_append, jax.ShapeDtypeStruct((), jnp.int32), h)
    return h


@jax.jit
def forward(x):
    return encoder(encoder(x))


print(forward(jnp.array([0.1, 0.2])), len(buffer))
