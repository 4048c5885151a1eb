# solving Kepler's equation with a Newton while_loop; sensitivities by forward mode
import jax
import jax.numpy as jnp
from jax import lax


def kepler_solve(M, e, tol=1e-6, max_iter=50):
    def cond(state):
        E, i, delta = state
        return (jnp.max(jnp.abs(delta)) > tol) & (i < max_iter)

    def body(state):
        E, i, _ = state
        f = E - e * jnp.sin(E) - M
        fp = 1.0 - e * jnp.cos(E)
        delta = f / fp
        return E - delta, i + 1, delta

    E, _, _ = lax.while_loop(cond, body, (M, 0, jnp.ones_like(M)))
    return E


def radial_velocity(params, M):
    e, K = params
    E = kepler_solve(M, e)
    nu = 2.0 * jnp.arctan2(jnp.sqrt(1 + e) * jnp.sin(E / 2), jnp.sqrt(1 - e) * jnp.cos(E / 2))
    return K * (jnp.cos(nu) + e)


M = jnp.linspace(0.1, 6.0, 8)
params = jnp.array([0.3, 2.0])
J = jax.jacfwd(radial_velocity)(params, M)
fisher = J.T @ J
print(jnp.linalg.inv(fisher))
