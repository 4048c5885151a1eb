import jax


def pressure_map(fn, rho_cells, T_cells):
    """Evaluate a point-wise equation of state over all cells."""
    return jax.vmap(fn)(rho_cells, T_cells)
