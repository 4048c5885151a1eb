"""Lazy lookup table for a tabulated material property; entries are fetched on demand."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

_TABLE = np.linspace(1.0, 2.0, 32).astype(np.float32) ** 2
_FETCHES = []


def _fetch_row(index):
    i = int(np.asarray(index))
    _FETCHES.append(i)
    return np.float32(_TABLE[i % _TABLE.size])


class LazyTable:
    """table[i] -> value, fetched through the host in access order."""

    def __init__(self, size):
        self.size = size

    def __len__(self):
        return self.size

    def __getitem__(self, index):
        spec = jax.ShapeDtypeStruct((), jnp.float32)
        return io_callback(_fetch_row, spec, index, ordered=True)


def conductivity(table, temperature, bin_index):
    base = table[bin_index]
    return base * (1.0 + 0.01 * (temperature - 300.0))


def heat_flux(table, temperature, bin_index, gradient):
    return -conductivity(table, temperature, bin_index) * gradient


import dataclasses


@dataclasses.dataclass
class RunInfo:
    name: str
    seed: int = 0
    notes: str = ""

    def describe(self):
        extra = f" ({self.notes})" if self.notes else ""
        return f"run {self.name!r} seed={self.seed}{extra}"

    def key(self):
        return jax.random.PRNGKey(self.seed)


if __name__ == "__main__":
    table = LazyTable(len(_TABLE))
    temps = jnp.array([290.0, 300.0, 310.0, 320.0])
    bins = jnp.array([3, 7, 11, 15])
    grads = jnp.array([0.5, 0.1, -0.2, 0.3])
    flux = jax.vmap(heat_flux, in_axes=(None, 0, 0, 0))(table, temps, bins, grads)
    print("flux", flux, "fetches", _FETCHES)
