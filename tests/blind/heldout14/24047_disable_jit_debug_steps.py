"""Debugging session for the oscillator sensitivity: everything runs with
jax.disable_jit() so intermediate values can be printed and inspected."""
import jax
import jax.numpy as jnp
from jax import lax

DT = 0.05


def rhs(y, zeta, omega=2.0):
    x, v = y
    return jnp.array([v, -2 * zeta * omega * v - omega**2 * x])


def euler_step(y, zeta):
    return y + DT * rhs(y, zeta)


@jax.jit
def end_energy(zeta, horizon):
    n_steps = jnp.ceil(horizon / DT).astype(jnp.int32)
    y = lax.fori_loop(0, n_steps, lambda i, y: euler_step(y, zeta), jnp.array([1.0, 0.0]))
    return 0.5 * (y[1] ** 2 + 4.0 * y[0] ** 2)


if __name__ == "__main__":
    with jax.disable_jit():
        e = end_energy(0.1, 1.0)
        print("energy", float(e))
        de = jax.grad(end_energy)(0.1, 1.0)
        print("dE/dzeta", float(de))
