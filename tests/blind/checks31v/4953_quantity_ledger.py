"""Dimensioned quantities summed on the host while a jitted model runs."""
import functools
import operator

import jax
import jax.numpy as jnp
import numpy as np


class Quantity:
    """A value with a unit string; only same-unit quantities add."""

    def __init__(self, value, unit):
        self.value = np.asarray(value, dtype=np.float32)
        self.unit = unit

    def __add__(self, other):
        if isinstance(other, Quantity):
            if other.unit != self.unit:
                raise ValueError(f"unit mismatch {self.unit} vs {other.unit}")
            return Quantity(np.add(self.value, other.value), self.unit)
        return NotImplemented

    def __radd__(self, other):
        # lets plain numbers (e.g. the 0 that sum() starts from) act as zero
        if other == 0:
            return Quantity(jnp.add(self.value, 0.0), self.unit)
        return NotImplemented

    def __repr__(self):
        return f"Quantity({self.value!r}, {self.unit!r})"


def energy_terms(state):
    state = np.asarray(state)
    kinetic = Quantity(0.5 * state ** 2, "J")
    potential = Quantity(9.81 * np.abs(state), "J")
    damping = Quantity(-0.1 * state, "J")
    return [kinetic, potential, damping]


def total_energy_host(state):
    terms = energy_terms(state)
    total = functools.reduce(operator.add, terms)
    return np.asarray(total.value, dtype=np.float32)


@jax.jit
def step(state):
    spec = jax.ShapeDtypeStruct(state.shape, jnp.float32)
    energy = jax.pure_callback(total_energy_host, spec, state)
    return state - 0.01 * energy


def kinetic_energy_reference(state, mass=1.0):
    """Closed form used in the unit tests of the integrator."""
    return 0.5 * mass * jnp.sum(state ** 2)


def describe(q):
    return f"{q.value.mean():.3f} {q.unit}"


if __name__ == "__main__":
    s = jnp.linspace(-1.0, 1.0, 5, dtype=jnp.float32)
    for _ in range(3):
        s = step(s)
    print(s)
    print(kinetic_energy_reference(s), describe(Quantity([1.0, 2.0], "J")))
