import jax
import jax.numpy as jnp

LIMIT = 2.0


@jax.custom_jvp
def soft_clip(x):
    """Smoothly saturate spring extensions at +-LIMIT."""
    return LIMIT * jnp.tanh(x / LIMIT)


def chain_energy(positions, stiffness):
    ext = jnp.diff(positions) - 1.0
    return 0.5 * jnp.sum(stiffness * soft_clip(ext) ** 2)
