"""Quantum harmonic oscillator eigenfunctions via Hermite recursion; differentiate the
probability density with respect to the quantum number and position."""
import math

import jax
import jax.numpy as jnp
from jax import lax


def hermite(n, x):
    def body(k, carry):
        h_prev, h = carry
        return h, 2 * x * h - 2 * k * h_prev
    h0 = jnp.ones_like(x)
    _, hn = lax.fori_loop(1, 8, lambda k, c: lax.cond(k <= n, lambda: body(k, c), lambda: c),
                          (h0, 2 * x))
    return jnp.where(n == 0, h0, hn)


def psi(n, x, omega=1.0):
    norm = 1.0 / jnp.sqrt(2.0 ** n * jnp.exp(lax.lgamma(n + 1.0))) * (omega / math.pi) ** 0.25
    return norm * jnp.exp(-omega * x ** 2 / 2) * hermite(n, jnp.sqrt(omega) * x)


def density(n, x):
    return psi(n, x) ** 2


xs = jnp.linspace(-2, 2, 5)
print(jax.vmap(density, in_axes=(None, 0))(3, xs))
print(jax.grad(density, argnums=1)(3, 0.5))
print(jax.grad(density, argnums=(0, 1))(3, 0.5))
