"""jax.jacfwd applied directly to a custom_vjp function."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def straight_through_sign(x):
    return jnp.sign(x)


straight_through_sign.defvjp(lambda x: (jnp.sign(x), None), lambda _, g: (g,))

print(jax.jacrev(straight_through_sign)(jnp.array([0.5, -0.2])))
print(jax.jacfwd(straight_through_sign)(jnp.array([0.5, -0.2])))  # EXPECT: JAX005
