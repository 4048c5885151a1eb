"""Lennard-Jones cluster: relax with forces, then compute vibrational modes.

Pair distances use a custom backward pass that avoids the NaN gradient of the
Euclidean norm at coincident points.
"""
import itertools
from dataclasses import dataclass

import numpy as np
import jax
import jax.numpy as jnp


@dataclass(frozen=True)
class LJ:
    epsilon: float = 1.0
    sigma: float = 1.0
    cutoff: float = 3.0


@jax.custom_vjp
def pair_distance(ri, rj):
    return jnp.sqrt(jnp.sum((ri - rj) ** 2))


def _pd_fwd(ri, rj):
    d = pair_distance(ri, rj)
    return d, (ri - rj, d)


def _pd_bwd(res, g):
    diff, d = res
    unit = jnp.where(d > 1e-9, diff / jnp.maximum(d, 1e-9), 0.0)
    return g * unit, -g * unit


pair_distance.defvjp(_pd_fwd, _pd_bwd)


def pair_list(n):
    return np.array(list(itertools.combinations(range(n), 2)), dtype=np.int32)


class Cluster:
    def __init__(self, n_atoms, pot: LJ):
        self.n = n_atoms
        self.pot = pot
        self.pairs = pair_list(n_atoms)

    def pair_energy(self, d):
        sr6 = (self.pot.sigma / d) ** 6
        e = 4 * self.pot.epsilon * (sr6 ** 2 - sr6)
        return jnp.where(d < self.pot.cutoff, e, 0.0)

    def energy(self, flat_positions):
        pos = flat_positions.reshape(self.n, 3)
        i, j = self.pairs[:, 0], self.pairs[:, 1]
        d = jax.vmap(pair_distance)(pos[i], pos[j])
        return jnp.sum(self.pair_energy(d))

    def forces(self, flat_positions):
        return -jax.grad(self.energy)(flat_positions)

    def relax(self, flat_positions, steps=50, lr=0.01):
        f = jax.jit(self.forces)
        x = flat_positions
        for _ in range(steps):
            x = x + lr * jnp.clip(f(x), -5.0, 5.0)
        return x

    def normal_modes(self, flat_positions):
        H = jax.hessian(self.energy)(flat_positions)
        evals = jnp.linalg.eigvalsh(0.5 * (H + H.T))
        return jnp.sqrt(jnp.clip(evals, 0.0, None))


def tetrahedron(scale=1.12):
    pts = np.array([[1, 1, 1], [1, -1, -1], [-1, 1, -1], [-1, -1, 1]], np.float32)
    return jnp.asarray((pts * scale / np.sqrt(8)).reshape(-1))


if __name__ == "__main__":
    cluster = Cluster(4, LJ())
    x0 = tetrahedron()
    print("E0", float(cluster.energy(x0)))
    x = cluster.relax(x0)
    print("E relaxed", float(cluster.energy(x)))
    print("max force", float(jnp.max(jnp.abs(cluster.forces(x)))))
    freqs = cluster.normal_modes(x)
    print("frequencies", np.asarray(freqs).round(3))
