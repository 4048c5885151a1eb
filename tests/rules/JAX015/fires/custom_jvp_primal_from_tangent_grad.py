"""A custom_jvp rule whose primal output adds a term computed from the tangent."""
import jax
import jax.numpy as jnp


@jax.custom_jvp
def softclip(x):
    return jnp.tanh(x)


@softclip.defjvp
def softclip_jvp(primals, tangents):  # EXPECT: JAX015
    (x,), (dx,) = primals, tangents
    correction = 1e-3 * dx
    y = jnp.tanh(x) + correction
    return y, (1.0 - jnp.tanh(x) ** 2) * dx


print(jax.grad(lambda x: softclip(x).sum())(jnp.ones(2)))
