import jax
import jax.numpy as jnp

from ...utils.trace import record


@jax.checkpoint
def residual_block(p, x):
    h = jnp.tanh(x @ p["w"] + p["b"])
    record(jnp.float32(h.shape[0]))
    return x + h
