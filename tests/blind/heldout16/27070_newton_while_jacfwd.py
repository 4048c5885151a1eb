"""Steady state of a CSTR model by Newton iteration in a while_loop; parameter Jacobian by forward mode."""
import jax
import jax.numpy as jnp
from jax import lax


def residual(y, p):
    c, T = y
    k0, E, q = p
    k = k0 * jnp.exp(-E / T)
    return jnp.array([q * (1.0 - c) - k * c, q * (300.0 - T) + 5e3 * k * c - 2.0 * (T - 290.0)])


def steady_state(p, y0=jnp.array([0.5, 320.0])):
    J = jax.jacfwd(residual)

    def cond(s):
        i, y, r = s
        return (i < 50) & (jnp.linalg.norm(r) > 1e-5)

    def body(s):
        i, y, _ = s
        y = y - jnp.linalg.solve(J(y, p), residual(y, p))
        return i + 1, y, residual(y, p)

    return lax.while_loop(cond, body, (0, y0, residual(y0, p)))[1]


p = jnp.array([7.2e10 / 1e8, 8750.0 / 1e3 * 1e0, 1.0])
y = steady_state(p)
print(y)
print(jax.jacfwd(steady_state)(p))
