import jax
import jax.numpy as jnp


def _picard(g, z0, tol=1e-6, cap=300):
    def keep_going(c):
        k, z, gap = c
        return jnp.logical_and(gap > tol, k < cap)

    def advance(c):
        k, z, _ = c
        z_new = g(z)
        return k + 1, z_new, jnp.linalg.norm(z_new - z)

    return jax.lax.while_loop(keep_going, advance, (0, z0, jnp.array(1e9)))[1]


def equilibrium(econ, params):
    return _picard(lambda z: econ.best_response(z, params), jnp.ones(2))
