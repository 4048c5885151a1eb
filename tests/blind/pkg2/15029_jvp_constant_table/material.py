import numpy as np
import jax
import jax.numpy as jnp

STRAIN_GRID = np.linspace(0.0, 0.05, 6).astype(np.float32)


def _tabulated_modulus(grid):
    return (200e3 * (1.0 - 4.0 * grid)).astype(np.float32)


def modulus_table():
    g = jnp.asarray(STRAIN_GRID)
    return jax.pure_callback(_tabulated_modulus, jax.ShapeDtypeStruct(g.shape, g.dtype), g)


def stress(strain):
    E = jnp.interp(strain, jnp.asarray(STRAIN_GRID), modulus_table())
    return E * strain
