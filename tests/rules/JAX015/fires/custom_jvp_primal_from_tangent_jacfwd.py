"""jacfwd of a custom_jvp whose rule's primal output uses the tangent."""
import jax
import jax.numpy as jnp


@jax.custom_jvp
def f(x):
    return jnp.sin(x)


@f.defjvp
def f_jvp(primals, tangents):  # EXPECT: JAX015
    (x,), (t,) = primals, tangents
    return jnp.sin(x) + 0.0 * t, jnp.cos(x) * t


print(jax.jacfwd(f)(jnp.ones(2)))
