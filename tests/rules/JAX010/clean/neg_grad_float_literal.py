"""jax.grad called with a float literal (3.0), not an int: fine."""
import jax


def polynomial(x):
    return 3 * x ** 3 - 2 * x + 1


print(jax.grad(polynomial)(3.0))
print(jax.grad(polynomial)(float(3)))
