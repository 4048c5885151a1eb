"""A custom_jvp returning a pair, whose rule returns a pair of tangents."""
import jax
import jax.numpy as jnp


@jax.custom_jvp
def polar(theta):
    return jnp.cos(theta), jnp.sin(theta)


@polar.defjvp
def polar_jvp(primals, tangents):
    (theta,), (dtheta,) = primals, tangents
    c, s = polar(theta)
    return (c, s), (-s * dtheta, c * dtheta)


print(jax.grad(lambda t: polar(t)[1])(0.3))
