"""jax.hessian called at an integer point (jacfwd checks input dtype first)."""
import jax
import jax.numpy as jnp


def rosen(x):
    return (1 - x[0]) ** 2 + 100 * (x[1] - x[0] ** 2) ** 2


H = jax.hessian(rosen)(jnp.array([1, 1]))  # EXPECT: JAX010
print(H)
