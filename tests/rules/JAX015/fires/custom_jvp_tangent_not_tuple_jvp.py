"""A custom_jvp returning a (sin, cos) pair whose rule returns one tangent array."""
import jax
import jax.numpy as jnp


@jax.custom_jvp
def polar(theta):
    return jnp.cos(theta), jnp.sin(theta)


@polar.defjvp
def polar_jvp(primals, tangents):  # EXPECT: JAX015
    (theta,), (dtheta,) = primals, tangents
    out = polar(theta)
    return out, jnp.cos(theta) * dtheta


print(jax.jvp(polar, (0.3,), (1.0,)))
