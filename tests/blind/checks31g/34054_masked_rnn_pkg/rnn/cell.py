import jax
import jax.numpy as jnp


@jax.custom_vjp
def masked_cell(params, h, x, mask):
    """Elman step; rows with mask == 0 keep their previous state (padding)."""
    new = jnp.tanh(h @ params["U"] + x @ params["W"])
    return mask[:, None] * new + (1.0 - mask[:, None]) * h
