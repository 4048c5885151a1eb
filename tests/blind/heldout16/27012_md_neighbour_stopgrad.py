"""Soft-sphere MD where the neighbour list is rebuilt on the host from detached positions."""
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from scipy.spatial import cKDTree

CAP = 6


def _pairs(x, cutoff):
    x = np.asarray(x)
    tree = cKDTree(x)
    out = np.full((x.shape[0], CAP), x.shape[0], np.int32)
    for i in range(x.shape[0]):
        d, j = tree.query(x[i], k=CAP + 1, distance_upper_bound=float(cutoff))
        j = [jj for jj in j[1:] if jj < x.shape[0]]
        out[i, :len(j)] = j
    return out


class NeighbourList:
    def __init__(self, cutoff):
        self.cutoff = cutoff

    def __call__(self, x):
        spec = jax.ShapeDtypeStruct((x.shape[0], CAP), jnp.int32)
        return jax.pure_callback(_pairs, spec, lax.stop_gradient(x), self.cutoff,
                                 vmap_method="sequential")


def soft_sphere(x, nbrs, diameter=1.0):
    xp = jnp.vstack([x, jnp.full((1, x.shape[1]), 1e4)])
    r = jnp.linalg.norm(x[:, None] - xp[nbrs] + 1e-12, axis=-1)
    overlap = jnp.clip(1.0 - r / diameter, 0.0)
    return 0.5 * jnp.sum(overlap ** 2.5)


def energy(x, nlist):
    return soft_sphere(x, nlist(x))


nlist = NeighbourList(1.5)
force = jax.jit(lambda x: -jax.grad(energy)(x, nlist))
key = jax.random.key(0)
x = jax.random.uniform(key, (10, 2)) * 3.0
for _ in range(20):
    x = x + 0.01 * force(x)  # FIRE-less steepest descent
print(energy(x, nlist))
