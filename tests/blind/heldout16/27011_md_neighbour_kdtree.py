"""Lennard-Jones molecular dynamics with a cKDTree neighbour list built on the host."""
import numpy as np
import jax
import jax.numpy as jnp
from scipy.spatial import cKDTree

N, MAX_NBR, R_CUT = 8, 7, 2.5


def _build_neighbours(pos):
    tree = cKDTree(np.asarray(pos))
    idx = np.full((pos.shape[0], MAX_NBR), pos.shape[0], dtype=np.int32)
    for i, nbrs in enumerate(tree.query_ball_point(np.asarray(pos), R_CUT)):
        nbrs = [j for j in nbrs if j != i][:MAX_NBR]
        idx[i, :len(nbrs)] = nbrs
    return idx


def neighbour_list(positions):
    shape = jax.ShapeDtypeStruct((positions.shape[0], MAX_NBR), jnp.int32)
    return jax.pure_callback(_build_neighbours, shape, positions)


def lj_energy(positions, sigma=1.0, eps=1.0):
    nbr = neighbour_list(positions)
    padded = jnp.concatenate([positions, jnp.full((1, 3), 1e3)], axis=0)
    dr = positions[:, None, :] - padded[nbr]
    r2 = jnp.sum(dr ** 2, axis=-1)
    sr6 = (sigma ** 2 / r2) ** 3
    return 0.5 * jnp.sum(4 * eps * (sr6 ** 2 - sr6))


def velocity_verlet(state, dt):
    x, v = state
    f = -jax.grad(lj_energy)(x)
    v = v + 0.5 * dt * f
    x = x + dt * v
    f = -jax.grad(lj_energy)(x)
    v = v + 0.5 * dt * f
    return x, v


grid = np.stack(np.meshgrid(*[np.arange(2.0)] * 3, indexing="ij"), -1).reshape(-1, 3) * 1.2
state = (jnp.asarray(grid, jnp.float32), jnp.zeros((N, 3)))
for _ in range(3):
    state = velocity_verlet(state, 1e-3)
print(lj_energy(state[0]))
