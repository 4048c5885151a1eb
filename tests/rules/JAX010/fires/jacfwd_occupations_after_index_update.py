"""jacfwd of a lattice gas energy at occupations an integer array's `.at[i].add` produced."""
import jax
import jax.numpy as jnp


def insert_particle(occupations, site):
    return occupations.at[site].add(1)


def site_energies(n, chemical_potential=0.4):
    return 0.5 * n * (n - 1.0) - chemical_potential * n


occupations = jnp.zeros(5, dtype=jnp.int32)
occupations = insert_particle(occupations, 2)
J = jax.jacfwd(site_energies)(occupations)  # EXPECT: JAX010
print(J)
