"""Star-formation emulator: a ParamSpec decorator turns a NumPy host into a traced op."""
import functools
from typing import Callable, Concatenate, ParamSpec, TypeVar

import jax
import jax.numpy as jnp
import numpy as np
from jax.tree_util import register_dataclass
import dataclasses

P = ParamSpec("P")
R = TypeVar("R")


@functools.partial(register_dataclass, data_fields=["gas", "metallicity"], meta_fields=["batched"])
@dataclasses.dataclass
class Cell:
    gas: jax.Array
    metallicity: jax.Array
    batched: bool = True


def host_op(out_like: Callable[..., jax.ShapeDtypeStruct]):
    def deco(fn: Callable[P, np.ndarray]) -> Callable[Concatenate[Cell, P], jax.Array]:
        @functools.wraps(fn)
        def traced(cell: Cell, *args: P.args, **kwargs: P.kwargs) -> jax.Array:
            extra = {"vectorized": True} if cell.batched else {}
            return jax.pure_callback(fn, out_like(cell), cell.gas, cell.metallicity,
                                     *args, **kwargs, **extra)
        return traced
    return deco


@host_op(lambda cell: jax.ShapeDtypeStruct(cell.gas.shape, jnp.float32))
def kennicutt_schmidt(gas, z):
    gas = np.asarray(gas, dtype=np.float64)
    z = np.asarray(z, dtype=np.float64)
    eff = 2.5e-4 * (1.0 + 0.3 * np.log10(np.maximum(z, 1e-3) / 0.02))
    return (eff * gas ** 1.4).astype(np.float32)


@jax.jit
def stellar_mass_after(cell: Cell, dt: float) -> jax.Array:
    sfr = kennicutt_schmidt(cell)
    return sfr * dt


if __name__ == "__main__":
    cell = Cell(gas=jnp.array([10.0, 40.0, 90.0], jnp.float32),
                metallicity=jnp.array([0.01, 0.02, 0.03], jnp.float32))
    print(np.round(np.asarray(stellar_mass_after(cell, 1e6)), 1))
