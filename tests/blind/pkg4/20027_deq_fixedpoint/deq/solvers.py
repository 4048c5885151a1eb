import jax
import jax.numpy as jnp


def fixed_point(f, z0, tol=1e-4, max_iter=50):
    def cond(state):
        i, z, err = state
        return jnp.logical_and(err > tol, i < max_iter)

    def body(state):
        i, z, _ = state
        z_new = f(z)
        return i + 1, z_new, jnp.max(jnp.abs(z_new - z))

    _, z_star, _ = jax.lax.while_loop(cond, body, (0, z0, jnp.inf))
    return z_star
