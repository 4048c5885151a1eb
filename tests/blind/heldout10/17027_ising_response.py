"""Linear response of a small Ising chain's local energy to its spin
configuration, computed with Jacobians."""
from dataclasses import dataclass

import numpy as np
import jax
import jax.numpy as jnp


@dataclass(frozen=True)
class Lattice:
    n_sites: int = 8
    coupling: float = 1.0
    field: float = 0.3
    periodic: bool = True

    def neighbours(self):
        idx = np.arange(self.n_sites)
        right = (idx + 1) % self.n_sites if self.periodic else np.minimum(idx + 1, self.n_sites - 1)
        return jnp.asarray(right)


def local_energy(spins, lattice: Lattice):
    s = spins.astype(jnp.float32)
    right = lattice.neighbours()
    bond = -lattice.coupling * s * s[right]
    return bond - lattice.field * s


def total_energy(spins, lattice):
    return jnp.sum(local_energy(spins, lattice))


def metropolis_sweep(key, spins, lattice, beta):
    def body(i, carry):
        key, s = carry
        key, sub = jax.random.split(key)
        flipped = s.at[i].multiply(-1)
        dE = total_energy(flipped, lattice) - total_energy(s, lattice)
        accept = jax.random.uniform(sub) < jnp.exp(-beta * dE)
        return key, jnp.where(accept, flipped, s)
    return jax.lax.fori_loop(0, lattice.n_sites, body, (key, spins))


class ResponseAnalyzer:
    def __init__(self, lattice):
        self.lattice = lattice

    def energy_map(self, spins):
        return local_energy(spins, self.lattice)

    def response_matrix(self, spins):
        return jax.jacfwd(self.energy_map)(spins)

    def magnetisation(self, spins):
        return float(jnp.mean(spins))


def sample(lattice, beta=0.7, sweeps=20, seed=0):
    key = jax.random.PRNGKey(seed)
    spins = jnp.ones(lattice.n_sites, dtype=jnp.int32)
    sweep = jax.jit(lambda k, s: metropolis_sweep(k, s, lattice, beta))
    for _ in range(sweeps):
        key, spins = sweep(key, spins)
    return spins


def build_arg_parser():
    import argparse
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--steps", type=int, default=10)
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--out", type=str, default="")
    return parser


def describe_array(name, arr):
    arr = np.asarray(arr)
    return (f"{name}: shape={arr.shape} dtype={arr.dtype} "
            f"min={arr.min():.4g} max={arr.max():.4g} mean={arr.mean():.4g}")


if __name__ == "__main__":
    lattice = Lattice()
    spins = sample(lattice)
    analyzer = ResponseAnalyzer(lattice)
    print("spins", np.asarray(spins))
    print("energy", float(total_energy(spins, lattice)))
    print("magnetisation", analyzer.magnetisation(spins))
    R = analyzer.response_matrix(spins)
    print("response diag", np.asarray(jnp.diag(R)))
