"""A custom_vjp of two arguments whose fwd takes one."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def weighted(w, x):
    return w * x


def weighted_fwd(w):  # EXPECT: JAX016
    return w, w


def weighted_bwd(w, g):
    return (g, g * w)


weighted.defvjp(weighted_fwd, weighted_bwd)

print(jax.grad(lambda w: jnp.sum(weighted(w, jnp.arange(3.0))))(2.0))
