"""A plain jax.jvp does not check that the rule's primal output ignores the tangent."""
import jax
import jax.numpy as jnp


@jax.custom_jvp
def f(x):
    return jnp.sin(x)


@f.defjvp
def f_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return jnp.sin(x) + 0.0 * t, jnp.cos(x) * t


print(jax.jvp(f, (1.0,), (1.0,)))
