"""A two-argument custom_vjp whose bwd returns a cotangent for the first argument only."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def bilinear(a, b):
    return jnp.dot(a, b)


def bilinear_fwd(a, b):
    return bilinear(a, b), (a, b)


def bilinear_bwd(res, g):  # EXPECT: JAX014
    a, b = res
    return (g * b,)


bilinear.defvjp(bilinear_fwd, bilinear_bwd)


@jax.jit
def loss(a, b):
    return bilinear(a, b) ** 2


print(jax.grad(loss)(jnp.ones(3), jnp.arange(3.0)))
