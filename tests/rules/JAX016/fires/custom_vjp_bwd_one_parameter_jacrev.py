"""A bwd taking only the cotangent (residuals forgotten), met by jacrev."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def square(x):
    return x ** 2


def square_fwd(x):
    return x ** 2, x


def square_bwd(g):  # EXPECT: JAX016
    return (2.0 * g,)


square.defvjp(square_fwd, square_bwd)

print(jax.jacrev(square)(jnp.arange(3.0)))
