"""A bwd of the wrong structure that nothing differentiates: JAX never runs it."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def bilinear(a, b):
    return jnp.dot(a, b)


def bilinear_fwd(a, b):
    return bilinear(a, b), (a, b)


def bilinear_bwd(res, g):
    a, b = res
    return (g * b,)


bilinear.defvjp(bilinear_fwd, bilinear_bwd)

print(jax.jit(bilinear)(jnp.ones(3), jnp.arange(3.0)))
print(jax.vmap(bilinear)(jnp.ones((2, 3)), jnp.ones((2, 3))))
