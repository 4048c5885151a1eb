# solving Kepler's equation with a Newton while_loop, then fitting eccentricity by gradient descent
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


def radial_velocity(e, M):
    E = kepler_solve(M, e)
    nu = 2.0 * jnp.arctan2(jnp.sqrt(1 + e) * jnp.sin(E / 2), jnp.sqrt(1 - e) * jnp.cos(E / 2))
    return jnp.cos(nu) + e


M = jnp.linspace(0.1, 6.0, 8)
rv_obs = radial_velocity(0.3, M)
loss = lambda e: jnp.mean((radial_velocity(e, M) - rv_obs) ** 2)
e = 0.1
for _ in range(5):
    e = e - 0.2 * jax.grad(loss)(e)
print(e)
