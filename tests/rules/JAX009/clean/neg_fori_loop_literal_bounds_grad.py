"""fori_loop with literal bounds lowers to scan, so grad works."""
import jax
import jax.numpy as jnp
from jax import lax


def power_iteration_loss(A):
    def body(i, v):
        w = A @ v
        return w / jnp.linalg.norm(w)

    v = lax.fori_loop(0, 8, body, jnp.ones(A.shape[0]) / jnp.sqrt(A.shape[0]))
    return v @ A @ v


A = jnp.array([[2.0, 0.5], [0.5, 1.0]])
print(jax.grad(power_iteration_loss)(A))
