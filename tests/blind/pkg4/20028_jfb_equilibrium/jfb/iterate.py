import jax
import jax.numpy as jnp


def picard(update, z0, tol=1e-5, cap=100):
    def keep_going(c):
        k, z, delta = c
        return (delta > tol) & (k < cap)

    def one(c):
        k, z, _ = c
        nz = update(z)
        return k + 1, nz, jnp.linalg.norm(nz - z)

    return jax.lax.while_loop(keep_going, one, (jnp.int32(0), z0, jnp.float32(1e9)))[1]
