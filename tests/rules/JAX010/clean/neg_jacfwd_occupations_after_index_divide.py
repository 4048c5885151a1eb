"""jacfwd at occupations halved by `.at[i].divide`: an integer array's divide gives floats."""
import jax
import jax.numpy as jnp


def split_site(occupations, site):
    return occupations.at[site].divide(2)


def site_energies(n, chemical_potential=0.4):
    return 0.5 * n * (n - 1.0) - chemical_potential * n


occupations = jnp.full(5, 2, dtype=jnp.int32)
occupations = split_site(occupations, 2)
J = jax.jacfwd(site_energies)(occupations)
print(J)
