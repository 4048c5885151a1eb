import jax
import jax.numpy as jnp

from config import N_MASSES, STIFFNESS
from physics import chain_energy


def forces(positions):
    return -jax.grad(chain_energy)(positions, STIFFNESS)


if __name__ == "__main__":
    pos = jnp.arange(N_MASSES, dtype=jnp.float32) * 1.3
    print("energy", chain_energy(pos, STIFFNESS))
    print("forces", forces(pos))
