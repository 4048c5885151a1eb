"""Sensitivity of a damped-oscillator end state to the damping, with the
number of RK4 steps chosen from the requested horizon inside jit.
Named scopes make the profile readable."""
import functools

import jax
import jax.numpy as jnp
from jax import lax

DT = 0.05


def rhs(y, zeta, omega=2.0):
    x, v = y
    return jnp.array([v, -2 * zeta * omega * v - omega**2 * x])


def rk4(y, zeta):
    with jax.named_scope("rk4_stage"):
        k1 = rhs(y, zeta)
        k2 = rhs(y + 0.5 * DT * k1, zeta)
        k3 = rhs(y + 0.5 * DT * k2, zeta)
        k4 = rhs(y + DT * k3, zeta)
    return y + DT / 6 * (k1 + 2 * k2 + 2 * k3 + k4)


@jax.named_call
def integrate(y0, zeta, horizon):
    n_steps = jnp.ceil(horizon / DT).astype(jnp.int32)
    return lax.fori_loop(0, n_steps, lambda i, y: rk4(y, zeta), y0)


@functools.partial(jax.jit, static_argnums=())
def end_energy(zeta, horizon):
    y = integrate(jnp.array([1.0, 0.0]), zeta, horizon)
    return 0.5 * (y[1] ** 2 + 4.0 * y[0] ** 2)


if __name__ == "__main__":
    print(float(end_energy(0.1, 2.0)))
    dE = jax.jit(jax.grad(end_energy))(0.1, 2.0)
    print(float(dE))
