"""jax.grad of a function called with a literal Python int argument."""
import jax
import jax.numpy as jnp


def polynomial(x):
    return 3 * x ** 3 - 2 * x + 1


dpoly = jax.grad(polynomial)
print(dpoly(2.0))
print(dpoly(3))  # EXPECT: JAX010
