import jax
import jax.numpy as jnp

from config import N_MASSES, STIFFNESS
from physics import chain_energy


def directional_force(positions, direction):
    """Rate of change of the energy along `direction` (forward mode only)."""
    _, d_energy = jax.jvp(lambda p: chain_energy(p, STIFFNESS), (positions,), (direction,))
    return -d_energy


if __name__ == "__main__":
    pos = jnp.arange(N_MASSES, dtype=jnp.float32) * 1.3
    print("energy", chain_energy(pos, STIFFNESS))
    basis = jnp.eye(N_MASSES)
    print("forces", jnp.stack([directional_force(pos, e) for e in basis]))
