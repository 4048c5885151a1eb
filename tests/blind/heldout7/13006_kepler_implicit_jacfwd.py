"""Sensitivity matrix of orbital elements computed with jacfwd on top of an
implicit-diff custom_vjp Kepler solver."""
import jax
import jax.numpy as jnp
from jax import lax


def _newton(M, e):
    def body(i, E):
        return E - (E - e * jnp.sin(E) - M) / (1.0 - e * jnp.cos(E))
    return lax.fori_loop(0, 25, body, M)


@jax.custom_vjp
def kepler_E(M, e):
    return _newton(M, e)


def kepler_fwd(M, e):
    E = _newton(M, e)
    return E, (E, e)


def kepler_bwd(res, g):
    E, e = res
    d = 1.0 - e * jnp.cos(E)
    return g / d, g * jnp.sin(E) / d


kepler_E.defvjp(kepler_fwd, kepler_bwd)


def orbit_state(elements):
    M, e = elements[0], elements[1]
    E = kepler_E(M, e)
    return jnp.array([jnp.cos(E) - e, jnp.sqrt(1 - e ** 2) * jnp.sin(E)])


elements = jnp.array([0.8, 0.25])
print("state:", orbit_state(elements))
print("reverse jac:\n", jax.jacrev(orbit_state)(elements))
sens = jax.jacfwd(orbit_state)(elements)
print("forward jac:\n", sens)
