"""A JVP rule whose primal output reads only the tangent's shape and dtype (`zeros_like`,
`t.shape`): JAX knows those without the tangents' values, so `jax.grad` runs."""
import jax
import jax.numpy as jnp


@jax.custom_jvp
def soft(x):
    return jnp.tanh(x)


@soft.defjvp
def soft_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = jnp.tanh(x) + jnp.zeros_like(t)
    y = y * (t.shape[0] / x.shape[0])
    return y, (1.0 - jnp.tanh(x) ** 2) * t


print(jax.grad(lambda x: jnp.sum(soft(x)))(jnp.array([0.1, -0.4])))
