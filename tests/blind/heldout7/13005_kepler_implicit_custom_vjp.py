"""Kepler solver with implicit differentiation: the Newton loop is hidden behind custom_vjp
and the adjoint uses the implicit function theorem, so reverse mode never sees the while_loop."""
import jax
import jax.numpy as jnp
from jax import lax


def _newton(M, e):
    def cond(s):
        return (jnp.abs(s[1]) > 1e-7) & (s[2] < 60)

    def body(s):
        E = s[0]
        step = (E - e * jnp.sin(E) - M) / (1.0 - e * jnp.cos(E))
        return E - step, step, s[2] + 1

    return lax.while_loop(cond, body, (M, jnp.ones_like(M), 0))[0]


@jax.custom_vjp
def eccentric_anomaly(M, e):
    return _newton(M, e)


def _ea_fwd(M, e):
    E = _newton(M, e)
    return E, (E, e)


def _ea_bwd(res, g):
    E, e = res
    denom = 1.0 - e * jnp.cos(E)
    # F(E, M, e) = E - e sin E - M = 0  ->  dE/dM = 1/denom, dE/de = sin E / denom
    return g / denom, g * jnp.sin(E) / denom


eccentric_anomaly.defvjp(_ea_fwd, _ea_bwd)


def true_anomaly(M, e):
    E = eccentric_anomaly(M, e)
    return 2.0 * jnp.arctan2(jnp.sqrt(1 + e) * jnp.sin(E / 2), jnp.sqrt(1 - e) * jnp.cos(E / 2))


Ms = jnp.linspace(0.1, 3.0, 5)
print(jax.jit(jax.vmap(true_anomaly, in_axes=(0, None)))(Ms, 0.4))
print(jax.vmap(jax.grad(true_anomaly, argnums=(0, 1)), in_axes=(0, None))(Ms, 0.4))
print(jax.value_and_grad(lambda e: jnp.sum(jax.vmap(true_anomaly, in_axes=(0, None))(Ms, e)))(0.2))
