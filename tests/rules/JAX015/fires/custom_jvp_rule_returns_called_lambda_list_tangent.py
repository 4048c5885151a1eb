"""A JVP rule that returns what an immediately called lambda builds: a tuple primal output
with a list tangent output."""
import jax
import jax.numpy as jnp


@jax.custom_jvp
def sincos(x):
    return jnp.sin(x), jnp.cos(x)


sincos.defjvp(lambda primals, tangents: (  # EXPECT: JAX015
    lambda s, c, dx: ((s, c), [c * dx, -s * dx])
)(jnp.sin(primals[0]), jnp.cos(primals[0]), tangents[0]))


def loss(x):
    s, c = sincos(x)
    return s + c


print(jax.grad(loss)(0.3))
