"""Solve Kepler's equation E - e sin E = M with Newton's method in a while_loop,
then differentiate the orbital position w.r.t. eccentricity."""
import jax
import jax.numpy as jnp
from jax import lax


def solve_kepler(M, e, tol=1e-6, max_iter=50):
    def cond(state):
        E, dE, i = state
        return (jnp.abs(dE) > tol) & (i < max_iter)

    def body(state):
        E, _, i = state
        f = E - e * jnp.sin(E) - M
        fp = 1.0 - e * jnp.cos(E)
        step = f / fp
        return E - step, step, i + 1

    E0 = M + e * jnp.sin(M)
    E, _, _ = lax.while_loop(cond, body, (E0, jnp.array(1.0), 0))
    return E


def position(e, M=1.1, a=1.0):
    E = solve_kepler(M, e)
    return a * (jnp.cos(E) - e), a * jnp.sqrt(1 - e ** 2) * jnp.sin(E)


def radius(e):
    x, y = position(e)
    return jnp.sqrt(x ** 2 + y ** 2)


print("r(e=0.3) =", jax.jit(radius)(0.3))
print("dr/de forward =", jax.jacfwd(radius)(0.3))
print("dr/de reverse =", jax.grad(radius)(0.3))
