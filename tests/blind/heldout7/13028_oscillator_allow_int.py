"""Quantum oscillator energy-weighted density; the integer level n is passed along but
only the frequency is differentiated (and the integer arg is explicitly allowed)."""
import jax
import jax.numpy as jnp


def energy(n, omega, hbar=1.0):
    return hbar * omega * (n + 0.5)


def thermal_weight(n, omega, beta=2.0):
    return jnp.exp(-beta * energy(n, omega))


levels = jnp.arange(6)
dw_domega = jax.vmap(jax.grad(thermal_weight, argnums=1), in_axes=(0, None))(levels, 1.3)
print(dw_domega)
g_n, g_w = jax.grad(thermal_weight, argnums=(0, 1), allow_int=True)(2, 1.3)
print(g_n.dtype, g_w)
print(jax.jacfwd(energy, argnums=1)(4, 0.7))
