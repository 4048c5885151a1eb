"""A custom_jvp rule returns its primal output as a 1-tuple and its tangent as an item read
back out of a 1-tuple where it is built (`(t,)[0]`): one bare array against a tuple."""
import jax
import jax.numpy as jnp


@jax.custom_jvp
def normalise(z):
    return z / jnp.sum(z)


@normalise.defjvp
def normalise_jvp(primals, tangents):  # EXPECT: JAX015
    (z,), (dz,) = primals, tangents
    s = jnp.sum(z)
    return (z / s,), (dz / s - z * jnp.sum(dz) / s ** 2,)[0]


print(jax.grad(lambda z: normalise(z)[0])(jnp.arange(1.0, 4.0)))
